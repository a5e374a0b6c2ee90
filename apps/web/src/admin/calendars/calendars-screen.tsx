import { useQuery } from '@tanstack/react-query';
import styles from '../admin.module.css';
import { errorText } from '../api.ts';
import { HolidaysPanel } from './holidays-panel.tsx';
import { calendarsQuery } from './queries.ts';
import { RegistryHoursForm } from './registry-hours-form.tsx';

/**
 * Calendarios (ADR 034): each registry's office hours and delivery hours
 * (standard and urgent), and the holidays the delivery promise skips. Every
 * operator edits them; each change is audited and reaches every instance.
 */
export default function CalendarsScreen() {
  const calendars = useQuery(calendarsQuery());
  return (
    <>
      <h1>Calendarios de los registros</h1>
      {calendars.isError && (
        <p role="alert" className={styles.error}>
          {errorText(calendars.error)}
        </p>
      )}
      {calendars.data && (
        <>
          <section aria-labelledby="registries-heading">
            <h2 id="registries-heading">Horarios y plazos de entrega</h2>
            {calendars.data.registries.map((registry) => (
              <RegistryHoursForm key={registry.id} registry={registry} />
            ))}
          </section>
          <HolidaysPanel holidays={calendars.data.holidays} />
        </>
      )}
    </>
  );
}
