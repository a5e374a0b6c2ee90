import {
  AdminOkSchema,
  type AdminSessionAnswer,
  AdminSessionAnswerSchema,
  TotpConfirmAnswerSchema,
  type TotpSetupAnswer,
  TotpSetupAnswerSchema,
} from '@shop/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { AdminApiError, adminCall } from './api.ts';

type OnSession = (session: AdminSessionAnswer | null) => void;

const failure = (error: unknown) =>
  error instanceof AdminApiError ? error.message : 'No se pudo completar. Inténtalo de nuevo.';

/** One code field (react-hook-form): the TOTP of the app, or at log in a recovery code too. */
function CodeForm({
  label,
  hint,
  submitLabel,
  onCode,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  onCode: (code: string) => Promise<void>;
}) {
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      await onCode(code.trim());
    } catch (error) {
      setError('root', { message: failure(error) });
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <label className={styles.field}>
        {label}
        <input
          {...register('code', { required: true })}
          autoComplete="one-time-code"
          spellCheck={false}
          aria-describedby="second-factor-hint"
        />
      </label>
      <p id="second-factor-hint">{hint}</p>
      {formState.errors.root && (
        <p role="alert" className={styles.error}>
          {formState.errors.root.message}
        </p>
      )}
      <Button type="submit" disabled={formState.isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** After the password: the code of the authenticator app (or a recovery code). */
function CodeStep({ onSession }: { onSession: OnSession }) {
  return (
    <CodeForm
      label="Código de verificación"
      hint="Las 6 cifras de tu aplicación de autenticación, o uno de tus códigos de recuperación."
      submitLabel="Verificar"
      onCode={async (code) => {
        onSession(
          await adminCall(AdminSessionAnswerSchema, '/login/code', { method: 'POST', body: { code } }),
        );
      }}
    />
  );
}

/** Enrolment: scan the QR (or type the key), confirm with a code, keep the recovery codes (shown once). */
function EnrolStep({ onSession }: { onSession: OnSession }) {
  const [setup, setSetup] = useState<TotpSetupAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState('');

  if (codes) {
    return (
      <section aria-labelledby="recovery-title">
        <h2 id="recovery-title">Códigos de recuperación</h2>
        <p>Guárdalos ahora en un lugar seguro: no se volverán a mostrar. Cada código sirve una sola vez.</p>
        <ul className={styles.codes} aria-label="Códigos de recuperación">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <Button
          onClick={async () =>
            onSession(await adminCall(AdminSessionAnswerSchema, '/session').catch(() => null))
          }
        >
          He guardado los códigos
        </Button>
      </section>
    );
  }

  if (!setup) {
    const start = async () => {
      setError('');
      try {
        setSetup(await adminCall(TotpSetupAnswerSchema, '/totp/setup', { method: 'POST' }));
      } catch (err) {
        setError(failure(err));
      }
    };
    return (
      <>
        <p>
          Los administradores deben activar la verificación en dos pasos antes de continuar. Necesitas una
          aplicación de autenticación (TOTP) en tu móvil.
        </p>
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        <Button onClick={start}>Activar la verificación en dos pasos</Button>
      </>
    );
  }

  return (
    <>
      <p>Escanea el código QR con tu aplicación de autenticación, o escribe la clave a mano.</p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
        alt="Código QR para tu aplicación de autenticación"
        width={200}
        height={200}
      />
      <p>
        Clave: <code data-testid="totp-secret">{setup.secret}</code>
      </p>
      <CodeForm
        label="Código de la aplicación"
        hint="Las 6 cifras que muestra ahora tu aplicación."
        submitLabel="Confirmar"
        onCode={async (code) => {
          const answer = await adminCall(TotpConfirmAnswerSchema, '/totp/confirm', {
            method: 'POST',
            body: { code },
          });
          setCodes(answer.recovery_codes);
        }}
      />
    </>
  );
}

/** The second step of the back office's log in, before any screen: a code, or (admins) the enrolment. */
export function SecondFactorScreen({
  session,
  onSession,
}: {
  session: AdminSessionAnswer;
  onSession: OnSession;
}) {
  const logout = async () => {
    await adminCall(AdminOkSchema, '/logout', { method: 'POST' }).catch(() => {});
    onSession(null);
  };
  return (
    <main className={`${styles.card} ${styles.login}`}>
      <h1>Verificación en dos pasos</h1>
      <p>{session.operator.email}</p>
      {session.second_factor === 'enrol' ? (
        <EnrolStep onSession={onSession} />
      ) : (
        <CodeStep onSession={onSession} />
      )}
      <p>
        <Button variant="secondary" onClick={logout}>
          Salir
        </Button>
      </p>
    </main>
  );
}
