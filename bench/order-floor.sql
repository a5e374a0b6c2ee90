-- The floor of the whole-order bench (bench/whole-orders.ts, issue 22): the
-- writes one whole order makes (e-mail registration, Bizum on the sandbox, the
-- confirmation), in the transactions the shop makes them, written from a
-- traced order's statements (apps/server/src/modules/orders/statements.test.ts
-- prints them), with the reads the shop needs only for its answers left out.
-- pgbench -M prepared runs it; one run of the script is one order.
\set r random(1, 1000000000000)
-- POST addns: the session's first write, its quote and the item.
BEGIN;
INSERT INTO sessions (id, store_id, data, created_at, last_seen_at, expires_at)
  VALUES ('floor-' || :client_id || '-' || :r, 14, '{}', now(), now(), now() + interval '30 days');
INSERT INTO quotes (store_id, session_id) VALUES (14, 'floor-' || :client_id || '-' || :r) RETURNING id AS quote_id \gset
UPDATE sessions SET quote_id = :quote_id WHERE id = 'floor-' || :client_id || '-' || :r;
INSERT INTO quote_items (quote_id, product_id, qty, form, price_cents) VALUES (:quote_id, 15867, 1, '{"nombre":"Floor"}', 1990) RETURNING id AS item_id \gset
COMMIT;
-- POST checkoutRegister: the customer, the consent, the order, its item, the payment, the session renewed
-- (no payment.resolve job since issue 22: a sweep resolves lost attempts).
BEGIN;
INSERT INTO customers (store_id, email) VALUES (14, 'floor-' || :client_id || '-' || :r || '@example.com') RETURNING id AS customer_id \gset
INSERT INTO customer_consents (customer_id, store_id, privacy_version, conditions_version, language, client_address)
  VALUES (:customer_id, 14, '1', '1', 'es', '127.0.0.1');
SELECT nextval('order_number_seq') AS order_no \gset
INSERT INTO orders (id, store_id, quote_id, customer_id, status, payment_method, total_cents, email)
  VALUES ('FL' || :order_no, 14, :quote_id, :customer_id, 'pending_payment', 'bizum', 1990, 'floor-' || :client_id || '-' || :r || '@example.com');
INSERT INTO order_items (order_id, quote_item_id, product_id, product_name, qty, form, price_cents)
  VALUES ('FL' || :order_no, :item_id, 15867, 'Nota Simple', 1, '{"nombre":"Floor"}', 1990);
UPDATE quotes SET customer_id = :customer_id, status = 'ordered', version = version + 1, order_id = 'FL' || :order_no WHERE id = :quote_id;
INSERT INTO payments (order_id, attempt, method, gateway, status, amount_cents, provider_ref)
  VALUES ('FL' || :order_no, 1, 'bizum', 'sandbox', 'created', 1990, 'floor-' || :client_id || '-' || :r) RETURNING id AS payment_id \gset
UPDATE sessions SET id = 'floor-s-' || :client_id || '-' || :r, customer_id = :customer_id WHERE id = 'floor-' || :client_id || '-' || :r;
COMMIT;
-- The payment's start: the gateway's answer recorded.
UPDATE payments SET status = 'pending', data = data || '{"next":{"type":"redirect"}}' WHERE id = :payment_id;
-- The payment notice: event, order paid (audited), payment paid, invoice numbered, its record chained, the jobs.
BEGIN;
SELECT o.id FROM payments p JOIN orders o ON o.id = p.order_id WHERE p.id = :payment_id FOR UPDATE OF o;
INSERT INTO payment_events (payment_id, event_id, type, payload) VALUES (:payment_id, 'floor:' || :client_id || '-' || :r, 'paid', '{}');
UPDATE orders SET status = 'complete_pending', updated_at = now() WHERE id = 'FL' || :order_no;
INSERT INTO audit_log (actor, action, entity, entity_id, data) VALUES ('system', 'order.paid', 'order', 'FL' || :order_no, '{}');
UPDATE payments SET status = 'paid', updated_at = now() WHERE id = :payment_id;
INSERT INTO invoice_sequences (series, year, next) VALUES ('FLOOR', 2026, 2)
  ON CONFLICT (series, year) DO UPDATE SET next = invoice_sequences.next + 1 RETURNING next - 1 AS number \gset
INSERT INTO invoices (order_id, series, year, number, base_cents, vat_cents, total_cents, vat_rate_bp, type, issuer, customer, lines, language)
  VALUES ('FL' || :order_no, 'FLOOR', 2026, :number, 1645, 345, 1990, 2100, 'F2', '{"name":"Floor"}', '{"name":""}', '[]', 'es') RETURNING id AS invoice_id \gset
INSERT INTO verifactu_chains (issuer_nif) VALUES ('FLOOR') ON CONFLICT (issuer_nif) DO UPDATE SET length = verifactu_chains.length + 1 RETURNING length AS seq \gset
INSERT INTO verifactu_records (issuer_nif, issuer_name, seq, kind, invoice_id, tipo_factura, num_serie, fecha_expedicion, cuota_cents, importe_cents, generated_at, huella, xml)
  VALUES ('FLOOR', 'Floor', :seq, 'alta', :invoice_id, 'F2', 'FLOOR-' || :number, '27-11-2026', 345, 1990, now()::text, md5(:r::text), '<x/>');
INSERT INTO pgboss.job (name, data) VALUES ('order.confirmation', json_build_object('invoiceId', :invoice_id::int)::jsonb), ('verifactu.send', '{}');
COMMIT;
-- The confirmation: the PDF's file, the mail (stored), the invoice marked.
BEGIN;
INSERT INTO files (storage_key, original_name, content_type, size_bytes, sha256, order_id, kind)
  VALUES ('floor/' || :client_id || '-' || :r, 'factura.pdf', 'application/pdf', 30000, md5(:r::text), 'FL' || :order_no, 'invoice') RETURNING id AS file_id \gset
INSERT INTO mail_messages (store_id, "to", subject, text, html, attachments, status, attempts, sent_at)
  VALUES (14, 'floor@example.com', 'Pedido', 'Gracias', '<p>Gracias</p>', '[]', 'stored', 1, now()) RETURNING id AS mail_id \gset
UPDATE invoices SET file_id = :file_id, mail_id = :mail_id WHERE id = :invoice_id;
COMMIT;
