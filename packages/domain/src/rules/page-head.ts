import type { TranslationKey } from '../i18n/translate.ts';
import { isPortugueseStore, isRegistrySite } from './stores.ts';

/**
 * A route's title and meta description as catalogue keys (spec 2 "Page titles":
 * identification pages, checkout and payment pages, the others per store and
 * per product). `product` is set on a generic product's routes, whose title is
 * the product's own name (description key `meta.product` takes `{{name}}`);
 * `title` is null where the page titles itself (the landing pages).
 */
export interface PageHeadKeys {
  title: TranslationKey | null;
  description: TranslationKey;
  product: number | null;
}

/** The services screen says what this store sells. */
function servicesHead(storeId: number): PageHeadKeys {
  if (isRegistrySite(storeId))
    return { title: 'titles.servicesRegistry', description: 'meta.servicesRegistry', product: null };
  if (isPortugueseStore(storeId))
    return { title: 'titles.services', description: 'meta.servicesPortuguese', product: null };
  return { title: 'titles.services', description: 'meta.services', product: null };
}

const head = (title: TranslationKey, description: TranslationKey): PageHeadKeys => ({
  title,
  description,
  product: null,
});

/**
 * The head of a storefront route, `path` relative to the application prefix
 * ('/nota-simple/step1'). Unknown paths are the services screen (spec 2).
 */
export function pageHeadOf(path: string, storeId: number): PageHeadKeys {
  const segments = path.split(/[?#]/)[0]?.split('/').filter(Boolean) ?? [];
  const [first, second, third] = segments;
  switch (first) {
    case 'nota-simple':
      return head('ns.pageTitle', 'meta.notaSimple');
    case 'q-propiedades':
      return head('qp.pageTitle', 'meta.qPropiedades');
    case 'certidao-permanente':
      return head('certidao.name', 'meta.certidao');
    case 'i-predial-simplificada':
      return head('ipredial.name', 'meta.predial');
    case 'about':
      return head('titles.about', 'meta.about');
    case 'privacy':
      return head('legalPages.privacy.title', 'legalPages.privacyMeta');
    case 'conditions':
      return head('legalPages.conditions.title', 'legalPages.conditionsMeta');
    case 'RegistroPropiedad':
    case 'NotaSimpleRegistroPropiedad':
      // A landing page is titled with its municipality (the page and the server set it).
      return { title: null, description: 'meta.notaSimple', product: null };
    case 'cart':
      return head('cart.menuTitle', 'meta.cart');
    case 'product': {
      const id = Number(third);
      if (second && Number.isInteger(id) && id > 0)
        return { ...head('titles.services', 'meta.product'), product: id };
      return servicesHead(storeId);
    }
    case 'customer':
      if (second === 'register' || second === 'authenticate')
        return head('titles.identification', 'meta.identification');
      if (second === 'orders') return head('titles.orders', 'meta.orders');
      if (second === 'details') return head('billing.detailsTitle', 'billing.detailsIntro');
      return head('titles.checkout', 'meta.checkout');
    case 'payment':
    case 'checkout':
      return head('titles.checkout', 'meta.checkout');
    default:
      return servicesHead(storeId);
  }
}

/** "{title} | {portal}" (the portal name alone without a title); the browser tab and the host page agree. */
export function pageTitleText(title: string, portalName: string): string {
  return title ? `${title} | ${portalName}` : portalName;
}
