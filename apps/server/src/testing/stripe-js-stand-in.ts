/**
 * A stand-in for Stripe.js, for the e2e tests only (no machine here reaches
 * js.stripe.com): the fake Stripe serves it at /stand-in/stripe.js and the
 * test's browser answers requests for https://js.stripe.com/… with it, and
 * forwards https://api.stripe.com/… to the fake. It plays the few calls the
 * storefront makes (Stripe.js reference: `Stripe(key)`, `elements({ clientSecret })`,
 * `elements.create('payment', options).mount(el)`, `confirmPayment({ elements,
 * confirmParams: { return_url } })`), the way Stripe.js does them: it reads the
 * PaymentIntent with the publishable key and the client secret, shows a card
 * form or an IBAN field as the intent's payment method types say, and confirms
 * by posting the card or IBAN to Stripe's API (never to the shop), then leaves
 * for return_url with `payment_intent` and `redirect_status` as Stripe does.
 * Plain browser JavaScript, served as it is; the product never loads it.
 */
export const STRIPE_JS_STAND_IN = `(function () {
  var API = 'https://api.stripe.com/v1/payment_intents/';
  var encode = function (o) { return new URLSearchParams(o).toString(); };
  var intentOf = function (secret) { return secret.split('_secret_')[0]; };
  function Stripe(key) {
    return {
      elements: function (options) {
        var secret = options.clientSecret;
        var fields = {};
        var group = {
          _fields: fields,
          _secret: secret,
          create: function () {
            return {
              mount: function (target) {
                var box = typeof target === 'string' ? document.querySelector(target) : target;
                box.setAttribute('data-stripe-stand-in', 'payment');
                fetch(API + intentOf(secret) + '?' + encode({ key: key, client_secret: secret }))
                  .then(function (r) { return r.json(); })
                  .then(function (intent) {
                    fields.sepa = intent.payment_method_types.indexOf('sepa_debit') >= 0;
                    var names = fields.sepa
                      ? [['iban', 'IBAN (Stripe)']]
                      : [['number', 'Card number (Stripe)'], ['expiry', 'Expiry MM / YY (Stripe)'], ['cvc', 'CVC (Stripe)']];
                    names.forEach(function (n) {
                      var label = document.createElement('label');
                      label.textContent = n[1] + ' ';
                      var input = document.createElement('input');
                      input.autocomplete = 'off';
                      label.appendChild(input);
                      box.appendChild(label);
                      fields[n[0]] = input;
                    });
                    box.setAttribute('data-ready', 'true');
                  });
              },
            };
          },
        };
        return group;
      },
      confirmPayment: function (args) {
        var f = args.elements._fields;
        var secret = args.elements._secret;
        var returnUrl = args.confirmParams.return_url;
        var body = { key: key, client_secret: secret, return_url: returnUrl };
        if (f.sepa) {
          body['payment_method_data[type]'] = 'sepa_debit';
          body['payment_method_data[sepa_debit][iban]'] = f.iban.value;
          body['mandate_data[customer_acceptance][type]'] = 'online';
        } else {
          body['payment_method_data[type]'] = 'card';
          body['payment_method_data[card][number]'] = f.number.value;
          body['payment_method_data[card][cvc]'] = f.cvc.value;
        }
        return fetch(API + intentOf(secret) + '/confirm', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: encode(body),
        }).then(function (r) {
          return r.json().then(function (answer) {
            if (!r.ok) return { error: { type: answer.error.type, message: answer.error.message } };
            var redirect = answer.next_action && answer.next_action.redirect_to_url;
            var status = answer.status === 'requires_payment_method' ? 'failed' : 'succeeded';
            window.location.href = redirect
              ? redirect.url
              : returnUrl + (returnUrl.indexOf('?') >= 0 ? '&' : '?') +
                encode({ payment_intent: answer.id, payment_intent_client_secret: secret, redirect_status: status });
            return new Promise(function () {});
          });
        });
      },
    };
  }
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
`;
