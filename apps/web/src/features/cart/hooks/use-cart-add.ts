import type { CartAddAnswer, CartItem, FieldError } from '@shop/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error.ts';
import { type AddForms, type AddKind, addToCart } from '../../../shared/api/cart.ts';
import { clearInvalidPayment, saveLastAddedProduct } from '../../../shared/storage/checkout-storage.ts';
import { addRecordFor, markAddDone, readSavedForm } from '../utils/add-request.ts';

export type CartAddState =
  /** No saved form: the page only shows the cart. */
  | { status: 'nothing' }
  | { status: 'posting' }
  | { status: 'added'; item: CartItem | undefined }
  /** This version of the form was added before (a reload, back and forward). */
  | { status: 'already' }
  /** No answer after the client's retries: the form stays saved, the visitor may retry. */
  | { status: 'failed' }
  /** The server refused the form (400 with per-field messages, 403, 409...). */
  | { status: 'rejected'; message: string; errors: FieldError[] }
  /** A 200 with ok false: the server's polite message (HTML). */
  | { status: 'refused'; message: string };

// One post per request id, shared by every render (StrictMode runs effects twice).
const inflight = new Map<string, Promise<CartAddAnswer>>();

function postOnce<K extends AddKind>(kind: K, form: AddForms[K], requestId: string): Promise<CartAddAnswer> {
  let post = inflight.get(requestId);
  if (!post) {
    post = addToCart(kind, form, requestId).finally(() => inflight.delete(requestId));
    inflight.set(requestId, post);
  }
  return post;
}

/**
 * The cart/add routes: posts the saved wizard form once. The request id stays
 * the same for the same saved form (the server answers a repeat with the item it
 * created), and a success is remembered so a reload does not post again.
 */
export function useCartAdd(kind: AddKind) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<CartAddState>({ status: 'posting' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the post on retry
  useEffect(() => {
    const saved = readSavedForm(kind);
    if (!saved) {
      setState({ status: 'nothing' });
      return;
    }
    const record = addRecordFor(kind, saved.version);
    if (record.done) {
      setState({ status: 'already' });
      return;
    }
    let live = true;
    setState({ status: 'posting' });
    postOnce(kind, saved.form as AddForms[typeof kind], record.requestId).then(
      (answer) => {
        if (answer.ok) {
          markAddDone(kind, record);
          // The 18511 rule of customer/payment reads the last added product (spec 4).
          if (answer.item) saveLastAddedProduct(answer.item.product_id);
          // A new cart: the customer has left an order whose payment failed (issue 17 item 5); it
          // checks out as a new order, and the failed one stays payable from customer/orders.
          clearInvalidPayment();
        }
        if (!live) return;
        setState(
          answer.ok
            ? { status: 'added', item: answer.item }
            : { status: 'refused', message: answer.message ?? '' },
        );
      },
      (error: unknown) => {
        if (!live) return;
        if (error instanceof ApiError && !error.gaveUp && error.status !== null) {
          setState({ status: 'rejected', message: error.message, errors: error.body?.errors ?? [] });
        } else {
          setState({ status: 'failed' });
        }
      },
    );
    return () => {
      live = false;
    };
  }, [kind, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
