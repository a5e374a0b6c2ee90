import * as z from 'zod/mini';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../rules/legal.ts';
import { BillingSchema, ClientDataSchema, PaymentFormSchema, TermsSchema } from './client.ts';
import { PaymentMethodSchema } from './config.ts';
import {
  EmailSchema,
  IdFromStringSchema,
  IdLooseSchema,
  IdSchema,
  isStorableJson,
  OrderIdLooseSchema,
  OrderIdSchema,
  requiredText,
  storable,
  text,
  typeError,
} from './fields.ts';
import {
  CertificateFormSchema,
  NotaSimpleDataSchema,
  NotaSimpleFormSchema,
  PropertiesSearchFormSchema,
  SimplifiedReportFormSchema,
} from './forms.ts';
import { AssociatedGenericFormSchema, GenericFormSchema } from './generic-forms.ts';

/**
 * The client's copy of the runtime configuration sent with every call. Only
 * form_key matters to the server; the rest is accepted as it comes.
 */
export const RequestConfigSchema = z.looseObject({ form_key: z.optional(z.string()) });
export type RequestConfig = z.infer<typeof RequestConfigSchema>;

const config = z._default(RequestConfigSchema, {});

/** The body of the cart calls: `{ config, form }` (DECISIONS.md "Payloads"). */
function formBody<T extends z.ZodMiniType>(form: T) {
  return z.object({ config, form });
}

export const AddNsBodySchema = formBody(NotaSimpleFormSchema);
export const AddQpBodySchema = formBody(PropertiesSearchFormSchema);
export const AddCertidaoBodySchema = formBody(CertificateFormSchema);
export const AddIpredialBodySchema = formBody(SimplifiedReportFormSchema);
export const AddGenericBodySchema = formBody(GenericFormSchema);
export const AddGenericWithAssociationBodySchema = formBody(AssociatedGenericFormSchema);

/**
 * updatequoteitem?id: the form's shape depends on the item's product, so the body
 * takes any object and the server parses it with formSchemaForProduct (forms.ts).
 */
export const UpdateQuoteItemBodySchema = formBody(z.record(z.string(), z.unknown()));

/** addactualizarpedidoahora and addactualizarnsahora: the order item to update now. */
export const AddActualizarBodySchema = formBody(
  z.object({ order_id: OrderIdLooseSchema, item_id: IdLooseSchema }),
);

// ---- queries and path parameters -------------------------------------------------

/** `?id=` of product, loadquote, delquoteitem, updatequoteitem, updatepedido and updatepedidoNS (ids of products, quotes, items). */
export const IdQuerySchema = z.object({ id: IdFromStringSchema });
/** `?id=` of loadorder: an order id. */
export const OrderIdQuerySchema = z.object({ id: OrderIdSchema });
/** GET pedidos, optionally `?id={order}&toFinalize=1`. */
export const PedidosQuerySchema = z.object({
  id: z.optional(OrderIdSchema),
  toFinalize: z.optional(z.literal('1', { error: 'invalid_value' })),
});
/** `?order_id=` of invoice/, pushFilesToPedido/, otherMethodsPaymentIntent/, otherMethodsPaypal/, otherMethodsBizum/, stripe process. */
export const OrderIdParamQuerySchema = z.object({ order_id: OrderIdSchema });
/**
 * otherMethodsPaymentIntent/?order_id=&type=: a new attempt by the method the
 * customer chose on the retry page (default: the store's card).
 */
export const OtherMethodsQuerySchema = z.object({
  order_id: OrderIdSchema,
  type: z.optional(PaymentMethodSchema),
});
/** moneiPaymentIntent/?order_id=, optionally &paymethod=moneimultibanco. */
export const MoneiQuerySchema = z.object({
  order_id: OrderIdSchema,
  paymethod: z.optional(z.literal('moneimultibanco', { error: 'invalid_value' })),
});
/** uploadForm?form_id=&order_id=. */
export const UploadFormQuerySchema = z.object({ form_id: IdFromStringSchema, order_id: OrderIdSchema });
/** version.json?t= (a cache buster, ignored). */
export const VersionQuerySchema = z.object({ t: z.optional(z.string()) });
/** checkEmail/email/{email} and rememberPassword/email/{email}. */
export const EmailParamsSchema = z.object({ email: EmailSchema });
/** rememberPassword/email/{email}/?path= : the storefront path the reset link returns to. */
export const RememberPasswordQuerySchema = z.object({
  path: z.optional(text(300).check(z.regex(/^\/[^\s]*$/, { error: 'invalid_url' }))),
});

const appFlag = z.optional(z.literal('1', { error: 'invalid_value' }));
/**
 * A search term: optional, '' when omitted. An autocomplete asks as the user
 * types, so a blank or one-character term answers an empty list, not a 400.
 */
const searchTerm = z._default(text(100), '');
/** registros.php?app=1&term= (municipality / registry search). */
export const RegistrosQuerySchema = z.object({ app: appFlag, term: searchTerm });
/** sociedad.php?app=1&sociedad= (company search; the Portuguese organisation search takes the same). */
export const SociedadQuerySchema = z.object({ app: appFlag, sociedad: searchTerm });
/** freguesias.php?app=1&type=all|ips&term=. */
export const FreguesiasQuerySchema = z.object({
  app: appFlag,
  type: z._default(z.enum(['all', 'ips'], { error: 'invalid_value' }), 'all'),
  term: searchTerm,
});

// ---- bodies ----------------------------------------------------------------------

/** POST authenticate: `{ email, pass }`. */
export const AuthenticateBodySchema = z.object({
  config,
  email: EmailSchema,
  pass: z
    .string({ error: typeError('password_required') })
    .check(
      z.minLength(1, { error: 'password_required' }),
      z.maxLength(MAX_PASSWORD_LENGTH, { error: 'too_long' }),
    ),
});

/** A new password (register, reset): at least MIN_PASSWORD_LENGTH characters. */
export const NewPasswordSchema = z
  .string({ error: typeError('password_required') })
  .check(
    z.minLength(1, { error: 'password_required', abort: true }),
    z.minLength(MIN_PASSWORD_LENGTH, { error: 'password_too_short' }),
    z.maxLength(MAX_PASSWORD_LENGTH, { error: 'too_long' }),
    storable(),
  );

/** A password reset link's token: 32 random bytes, base64url. */
export const ResetTokenSchema = z
  .string({ error: typeError('reset_link_invalid') })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'reset_link_invalid' }));

/** POST resetPassword: the token of the e-mailed link and the new password. */
export const ResetPasswordBodySchema = z.object({ config, token: ResetTokenSchema, pass: NewPasswordSchema });

/** The storefront path a log-in returns to (a path under the application prefix, not a URL). */
export const ReturnPathSchema = text(300).check(z.regex(/^\/(?!\/)[^\s\\]*$/, { error: 'invalid_url' }));

/** POST loginLink: mails a single-use log-in link to the address when a customer has it (ADR 031). */
export const LoginLinkBodySchema = z.object({
  config,
  email: EmailSchema,
  path: z.optional(ReturnPathSchema),
});

/** A log-in link's token: 32 random bytes, base64url. */
export const LoginLinkTokenSchema = z
  .string({ error: typeError('login_link_invalid') })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, { error: 'login_link_invalid' }));

/** POST loginWithLink: the token of the e-mailed link (a POST, so prefetching scanners do not spend it). */
export const LoginWithLinkBodySchema = z.object({ config, token: LoginLinkTokenSchema });

/** POST logout: only the config (its form key). */
export const LogoutBodySchema = z.object({ config });

/** POST clientupdate: `{ data }`. */
export const ClientUpdateBodySchema = z.object({ config, data: ClientDataSchema });

/**
 * The client's id of one checkout submit (a uuid made per submit and reused by
 * the client's automatic retries): the same request again answers the order it
 * made (200, same order_id and the payment's current next step), not 409.
 * Optional, so older clients still work.
 */
export const CheckoutRequestIdSchema = z.optional(z.uuid({ error: 'invalid_id' }));

/** checkoutAuthenticated/: the payment choice, optionally with the e-mail and billing data; absent for a plain checkout. */
export const CheckoutAuthenticatedBodySchema = z.object({
  config,
  form: z.optional(
    z.intersection(
      PaymentFormSchema,
      z.object({
        email: z.optional(EmailSchema),
        billing: z.optional(BillingSchema),
        request_id: CheckoutRequestIdSchema,
      }),
    ),
  ),
});

/**
 * checkoutRegister/: a registering customer's e-mail, acceptance of the privacy
 * policy and contracting conditions (`accept_terms: true`), optional billing data
 * and the payment choice.
 */
export const CheckoutRegisterBodySchema = z.object({
  config,
  form: z.intersection(
    PaymentFormSchema,
    z.object(
      {
        email: EmailSchema,
        accept_terms: TermsSchema,
        billing: z.optional(BillingSchema),
        /** Optional: a password chosen at registration (else the customer sets one through rememberPassword). */
        pass: z.optional(NewPasswordSchema),
        request_id: CheckoutRequestIdSchema,
      },
      { error: typeError() },
    ),
  ),
});

/**
 * checkoutRegisterPaypal/: the PayPal path of a registering customer (spec 7 "a
 * separate POST path"): the register fields without a payment choice (PayPal).
 */
export const CheckoutRegisterPaypalBodySchema = z.object({
  config,
  form: z.object(
    {
      email: EmailSchema,
      accept_terms: TermsSchema,
      billing: z.optional(BillingSchema),
      pass: z.optional(NewPasswordSchema),
      type: z.optional(z.literal('paypal', { error: 'invalid_option' })),
      request_id: CheckoutRequestIdSchema,
    },
    { error: typeError() },
  ),
});

const jsonText = z.string({ error: typeError() }).check(
  z.maxLength(200_000, { error: 'too_long' }),
  z.refine(
    (value: string) => {
      try {
        JSON.parse(value);
        return true;
      } catch {
        return false;
      }
    },
    { error: 'invalid_json', abort: true },
  ),
  z.refine((value: string) => isStorableJson(JSON.parse(value)), { error: 'invalid_characters' }),
);

/** uploadForm: the incident form and its answers, each as JSON text. */
export const UploadFormBodySchema = z.object({ config, json_form: jsonText, json_values: jsonText });

/** pushSubscribe: a Web Push subscription as PushSubscription.toJSON() gives it. */
export const PushSubscribeBodySchema = z.object({
  endpoint: z
    .url({ protocol: /^https$/, error: 'invalid_url' })
    .check(z.maxLength(2000, { error: 'too_long' }), storable()),
  expirationTime: z._default(z.nullable(z.number()), null),
  keys: z.object({ p256dh: requiredText(200), auth: requiredText(100) }),
});
export type PushSubscribeBody = z.input<typeof PushSubscribeBodySchema>;

/** updatepedido?id: the new option values of an order item. */
export const UpdatePedidoBodySchema = z.object({
  config,
  options: z
    .array(z.object({ option_id: IdSchema, value: text(5000) }))
    .check(z.minLength(1, { error: 'required' }), z.maxLength(60, { error: 'too_many' })),
});

/** updatepedidoNS?id: `{ data }` with the Nota Simple fields the edit dialog shows. */
export const UpdatePedidoNsBodySchema = z.object({ config, data: NotaSimpleDataSchema });
