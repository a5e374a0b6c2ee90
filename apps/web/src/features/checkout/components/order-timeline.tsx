import { formatOrderDate, type OrderEvent, type Pedido } from '@shop/domain';
import { Link } from 'wouter';
import { useT } from '../../../shared/i18n/use-t.ts';
import { paths } from '../../../shared/paths.ts';
import styles from './order-timeline.module.css';

/** dd/mm/yy hh:mm in the browser's zone (spec 9 "Order dates"). */
function localDate(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Madrid';
  return formatOrderDate(iso, zone) ?? iso;
}

/** The incident still waiting for the customer's answer, when `event` is it: its form is the customer's action. */
function openIncidentOf(order: Pedido, event: OrderEvent) {
  return event.kind === 'incident' && order.incident && order.incident.form_id === event.incident_id
    ? order.incident
    : null;
}

/**
 * An order's timeline (issue 20 item 7): what happened and when, oldest first
 * (received, paid, sent to the registry, an incident and the customer's
 * answer, issued, delivered), as the server derives it from what it records.
 * An incident still open says what the customer has to do and links to it.
 */
export function OrderTimeline({ order }: { order: Pedido }) {
  const t = useT();
  const events = order.timeline ?? [];
  if (events.length === 0) return null;
  const headingId = `order-${order.order_id}-timeline`;
  return (
    // Not a landmark: every order of the page has one, and regions of one name would repeat.
    <div className={styles.timeline} data-testid="order-timeline">
      <h3 id={headingId} className={styles.heading}>
        {t('orderTimeline.heading')}
      </h3>
      <ol className={styles.events}>
        {events.map((event, index) => {
          const open = openIncidentOf(order, event);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the events are the order's history in order; kinds repeat (incidents)
            <li key={index} className={styles.event} data-event={event.kind}>
              <span className={styles.what}>{t(`orderTimeline.${event.kind}`)}</span>{' '}
              <time className={styles.when} dateTime={event.at}>
                {localDate(event.at)}
              </time>
              {open ? (
                <p className={styles.action}>
                  {t('orderTimeline.action')}{' '}
                  <Link href={paths.incidentForm(open.form_id, order.order_id)}>
                    {t('orders.incidentLink')}
                  </Link>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
