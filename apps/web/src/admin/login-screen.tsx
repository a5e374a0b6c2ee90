import type { AdminSessionAnswer } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { errorText } from './api.ts';
import { logIn } from './session-queries.ts';

/** The back office's own log in (e-mail and password; the server throttles failures). */
export function LoginScreen({ onSignedIn }: { onSignedIn: (session: AdminSessionAnswer) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { email: '', password: '' } });
  const login = useMutation({ mutationFn: logIn, onSuccess: onSignedIn });

  return (
    <main className={`${styles.card} ${styles.login}`}>
      <h1>Back office</h1>
      <form onSubmit={handleSubmit((values) => login.mutate(values))} noValidate>
        <label className={styles.field}>
          Correo electrónico
          <input type="email" autoComplete="username" required {...register('email')} />
        </label>
        <label className={styles.field}>
          Contraseña
          <input type="password" autoComplete="current-password" required {...register('password')} />
        </label>
        {login.isError && (
          <p role="alert" className={styles.error}>
            {errorText(login.error) || 'No se pudo iniciar sesión.'}
          </p>
        )}
        <Button type="submit" disabled={login.isPending}>
          Entrar
        </Button>
      </form>
    </main>
  );
}
