import { type AdminSessionAnswer, AdminSessionAnswerSchema } from '@shop/domain';
import { type FormEvent, useState } from 'react';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { AdminApiError, adminCall } from './api.ts';

/** The back office's own log in (e-mail and password; the server throttles failures). */
export function LoginScreen({ onSignedIn }: { onSignedIn: (session: AdminSessionAnswer) => void }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    try {
      const session = await adminCall(AdminSessionAnswerSchema, '/login', {
        method: 'POST',
        body: { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') },
      });
      onSignedIn(session);
    } catch (err) {
      setError(err instanceof AdminApiError ? err.message : 'No se pudo iniciar sesión.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className={`${styles.card} ${styles.login}`}>
      <h1>Back office</h1>
      <form onSubmit={submit} noValidate>
        <label className={styles.field}>
          Correo electrónico
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label className={styles.field}>
          Contraseña
          <input name="password" type="password" autoComplete="current-password" required />
        </label>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          Entrar
        </Button>
      </form>
    </main>
  );
}
