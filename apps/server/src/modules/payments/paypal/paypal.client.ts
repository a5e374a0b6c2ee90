import { Agent } from 'node:https';
import { connect } from 'node:net';
import { Client, Environment, OrdersController, PaymentsController } from '@paypal/paypal-server-sdk';
import type { PayPalSettings } from './paypal.env.ts';

/** The SDK's controllers the adapter uses, and the one documented call the SDK does not wrap. */
export interface PayPalApi {
  orders: OrdersController;
  payments: PaymentsController;
  /**
   * POST /v1/notifications/verify-webhook-signature (Webhooks API v1): PayPal
   * checks a delivery's signature against its certificate and our webhook id.
   * The delivery's body is sent as received, byte for byte (a re-serialised
   * body can fail the check). Answers PayPal's `verification_status`.
   */
  verifyWebhookSignature(input: {
    authAlgo: string;
    certUrl: string;
    transmissionId: string;
    transmissionSig: string;
    transmissionTime: string;
    webhookId: string;
    rawEvent: string;
  }): Promise<{ status: number; verification: string | undefined }>;
}

/**
 * Tests only (PAYPAL_API_URL): the SDK keeps calling PayPal's host name, and
 * this agent opens its connections to the local fake instead, in plain HTTP.
 * The SDK has no base-URL setting (its environments are fixed), so the agent,
 * which it takes as `httpClientOptions.httpsAgent`, is where a fake plugs in.
 */
function loopbackAgent(apiUrl: string): Agent {
  const target = new URL(apiUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(target.hostname)) {
    throw new Error('PAYPAL_API_URL may only name a local fake (127.0.0.1, localhost)');
  }
  const agent = new Agent({ keepAlive: false });
  agent.createConnection = () => connect(Number(target.port || 80), target.hostname.replace(/^\[|\]$/g, ''));
  return agent;
}

/** The official SDK's client with the app's credentials (OAuth 2 client credentials, token cached by the SDK). */
export function createPayPalApi(settings: PayPalSettings): PayPalApi {
  const client = new Client({
    clientCredentialsAuthCredentials: {
      oAuthClientId: settings.clientId,
      oAuthClientSecret: settings.clientSecret,
    },
    environment: settings.environment === 'live' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    httpClientOptions: {
      timeout: 20_000,
      // Reads are retried; writes carry PayPal-Request-Id, so the caller may repeat them safely.
      retryConfig: { maxNumberOfRetries: 2 },
      ...(settings.apiUrl ? { httpsAgent: loopbackAgent(settings.apiUrl) } : {}),
    },
  });
  const request = client.getRequestBuilderFactory();
  return {
    orders: new OrdersController(client),
    payments: new PaymentsController(client),
    async verifyWebhookSignature(input) {
      const req = request('POST', '/v1/notifications/verify-webhook-signature');
      req.header('Content-Type', 'application/json');
      const fields = JSON.stringify({
        auth_algo: input.authAlgo,
        cert_url: input.certUrl,
        transmission_id: input.transmissionId,
        transmission_sig: input.transmissionSig,
        transmission_time: input.transmissionTime,
        webhook_id: input.webhookId,
      });
      req.text(`${fields.slice(0, -1)},"webhook_event":${input.rawEvent}}`);
      req.authenticate([{ oauth2: true }]);
      // A 4xx is PayPal's answer (a malformed header): read, not thrown.
      req.validateResponse(false);
      const response = await req.callAsText();
      if (response.statusCode >= 500)
        throw new Error(`PayPal verify-webhook-signature: HTTP ${response.statusCode}`);
      let verification: string | undefined;
      try {
        const parsed = JSON.parse(response.result) as { verification_status?: unknown };
        verification =
          typeof parsed.verification_status === 'string' ? parsed.verification_status : undefined;
      } catch {
        verification = undefined;
      }
      return { status: response.statusCode, verification };
    },
  };
}
