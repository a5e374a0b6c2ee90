import type { AdminSessionAnswer } from '@shop/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../shared/ui/button.tsx';
import styles from './admin.module.css';
import { errorText } from './api.ts';
import { adminQueryClient } from './query-client.ts';
import { logOut, sessionQuery } from './session-queries.ts';
import { confirmTotpEnrolment, sendSecondFactor, startTotpEnrolment } from './totp-queries.ts';

type OnSession = (session: AdminSessionAnswer | null) => void;

const failure = (error: unknown) => errorText(error) || 'No se pudo completar. Inténtalo de nuevo.';

/** One code field (react-hook-form) sent by a mutation: the TOTP of the app, or at log in a recovery code too. */
function CodeForm<T>({
  label,
  hint,
  submitLabel,
  send,
  onSent,
}: {
  label: string;
  hint: string;
  submitLabel: string;
  send: (code: string) => Promise<T>;
  onSent: (answer: T) => void;
}) {
  const { register, handleSubmit } = useForm<{ code: string }>({ defaultValues: { code: '' } });
  const mutation = useMutation({ mutationFn: send, onSuccess: onSent });
  return (
    <form onSubmit={handleSubmit(({ code }) => mutation.mutate(code.trim()))} noValidate>
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
      {mutation.isError && (
        <p role="alert" className={styles.error}>
          {failure(mutation.error)}
        </p>
      )}
      <Button type="submit" disabled={mutation.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** Enrolment: scan the QR (or type the key), confirm with a code, keep the recovery codes (shown once). */
function EnrolStep() {
  const setup = useMutation({ mutationFn: startTotpEnrolment });
  const [codes, setCodes] = useState<string[] | null>(null);

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
        <Button onClick={() => void adminQueryClient.invalidateQueries({ queryKey: sessionQuery.queryKey })}>
          He guardado los códigos
        </Button>
      </section>
    );
  }

  if (!setup.data) {
    return (
      <>
        <p>
          Los administradores deben activar la verificación en dos pasos antes de continuar. Necesitas una
          aplicación de autenticación (TOTP) en tu móvil.
        </p>
        {setup.isError && (
          <p role="alert" className={styles.error}>
            {failure(setup.error)}
          </p>
        )}
        <Button disabled={setup.isPending} onClick={() => setup.mutate()}>
          Activar la verificación en dos pasos
        </Button>
      </>
    );
  }

  return (
    <>
      <p>Escanea el código QR con tu aplicación de autenticación, o escribe la clave a mano.</p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.data.qr_svg)}`}
        alt="Código QR para tu aplicación de autenticación"
        width={200}
        height={200}
      />
      <p>
        Clave: <code data-testid="totp-secret">{setup.data.secret}</code>
      </p>
      <CodeForm
        label="Código de la aplicación"
        hint="Las 6 cifras que muestra ahora tu aplicación."
        submitLabel="Confirmar"
        send={confirmTotpEnrolment}
        onSent={(answer) => setCodes(answer.recovery_codes)}
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
  const logout = useMutation({ mutationFn: logOut, onSettled: () => onSession(null) });
  return (
    <main className={`${styles.card} ${styles.login}`}>
      <h1>Verificación en dos pasos</h1>
      <p>{session.operator.email}</p>
      {session.second_factor === 'enrol' ? (
        <EnrolStep />
      ) : (
        <CodeForm
          label="Código de verificación"
          hint="Las 6 cifras de tu aplicación de autenticación, o uno de tus códigos de recuperación."
          submitLabel="Verificar"
          send={sendSecondFactor}
          onSent={onSession}
        />
      )}
      <p>
        <Button variant="secondary" onClick={() => logout.mutate()}>
          Salir
        </Button>
      </p>
    </main>
  );
}
