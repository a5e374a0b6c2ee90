import { type ComponentType, lazy } from 'react';

/** A route module loaded on first use, which can also be loaded ahead (server rendering, hydration). */
export type LazyRoute<P extends object> = ComponentType<P> & {
  preload: () => Promise<void>;
  /** The module's source path from the web app's root, as the build manifest names it. */
  file: string;
};

/**
 * React.lazy with a preload: once `preload()` has resolved, the route renders at
 * once instead of suspending, so the server renders its markup (renderToString
 * never waits) and the browser hydrates it without a fallback in between.
 */
export function lazyRoute<P extends object>(
  file: string,
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyRoute<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = () => {
    pending ??= load().then((module) => {
      loaded = module.default;
    });
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType<P> })));
  function Route(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Route, { preload, file });
}
