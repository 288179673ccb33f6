/**
 * A part of the page in its own chunk (React's `lazy`), which a server-rendered page can hydrate in one go (decision
 * 048). The server notes which parts it rendered; the browser loads those chunks before it hydrates
 * (`loadRenderedParts`), and a part whose chunk is in renders at once, without suspending. Without this, a part's
 * server markup stays inert until its chunk arrives after hydration, and a click on it is lost.
 *
 * Parts nest (the header's extras hold the account button): a part's own parts are known once its chunk has run,
 * so loading goes round by round.
 *
 * A part is named by its module's path in the client (`src/…`, as in the build's manifest), with `#Export` when it is
 * one of the module's exports: the server finds the part's chunk and styles in the manifest by that name and links
 * them in the page's head, so a server-rendered page is styled as it will be once its chunks have run
 * (server/src/plugins/page-render.ts). `lazy-part.test.ts` checks each name against its import.
 */
import { createElement, lazy, type ComponentProps, type ComponentType, type JSX } from 'react';
import { onServer } from './server-pass.ts';

// The props type of any component (a part's props are its component's).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

interface Part {
  load: () => Promise<{ default: AnyComponent }>;
  loaded: { default: AnyComponent } | null;
  loading: Promise<unknown> | null;
}

const parts = new Map<string, Part>();
/** On the server: the parts the page being rendered used (one page renders at a time). */
let rendered: Set<string> | null = null;

/** A module already in, as a thenable that answers at once: React's `lazy` then renders it in the same pass. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then<R1 = T, R2 = never>(onFulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null): PromiseLike<R1 | R2> {
      return settled(onFulfilled ? (onFulfilled(value) as R1) : (value as unknown as R1));
    },
  };
}

function loadPart(part: Part): Promise<unknown> {
  part.loading ??= part.load().then(
    (module) => {
      part.loaded = module;
    },
    (error: unknown) => {
      part.loading = null;
      throw error;
    },
  );
  return part.loading;
}

/** A lazy part: the component, and `preload()` to fetch its chunk ahead (a route's loader). */
export type LazyPart<C extends AnyComponent> = ((props: ComponentProps<C>) => JSX.Element) & { preload: () => Promise<unknown> };

/**
 * `lazy(load)`, under its module's name (`src/…/module.tsx` or `src/…/module.tsx#Export`). `load` resolves to the
 * module (or an object) whose `default` is the component.
 */
export function lazyPart<C extends AnyComponent>(id: string, load: () => Promise<{ default: C }>): LazyPart<C> {
  if (parts.has(id) && import.meta.env.DEV) console.warn(`lazyPart: "${id}" is named twice`);
  const part: Part = { load, loaded: null, loading: null };
  parts.set(id, part);
  const Lazy = lazy(() => (part.loaded ? settled(part.loaded) : loadPart(part).then(() => part.loaded as { default: AnyComponent })) as Promise<{ default: AnyComponent }>);
  function LazyPart(props: ComponentProps<C>) {
    if (onServer) rendered?.add(id);
    return createElement(Lazy, props);
  }
  LazyPart.displayName = `LazyPart(${id})`;
  return Object.assign(LazyPart, { preload: () => loadPart(part) });
}

/** On the server: starts noting the parts a page renders. */
export function beginRenderedParts(): void {
  rendered = new Set();
}

/** On the server: the parts the page rendered since `beginRenderedParts`. */
export function renderedParts(): string[] {
  const ids = [...(rendered ?? [])];
  rendered = null;
  return ids;
}

/**
 * In the browser, before hydrating: loads the chunks of the parts the server rendered, including parts within parts.
 * A part that fails to load is left to load as it renders (its Suspense shows its fallback meanwhile).
 */
export async function loadRenderedParts(ids: readonly string[]): Promise<void> {
  const wanted = new Set(ids);
  const tried = new Set<string>();
  for (;;) {
    const round = [...wanted].filter((id) => !tried.has(id) && parts.has(id));
    if (round.length === 0) return;
    for (const id of round) tried.add(id);
    await Promise.allSettled(round.map((id) => loadPart(parts.get(id) as Part)));
  }
}
