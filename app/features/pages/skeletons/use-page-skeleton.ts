// The page skeletons' code, fetched when a client-side navigation starts rather than with every
// page: a first visit never shows one (the server sends the page whole), so it is not needed at
// load. A navigation shows its skeleton only after 200 ms, time enough to fetch it.
import { type ComponentType, useEffect, useState } from "react";

type PageSkeletonComponent = ComponentType<{ pathname: string }>;

/** Set once the code has arrived: later navigations have it at once. */
let loadedSkeleton: PageSkeletonComponent | undefined;

function loadSkeleton(): Promise<PageSkeletonComponent> {
  return import("./page-skeleton").then((module) => {
    loadedSkeleton = module.PageSkeleton;
    return module.PageSkeleton;
  });
}

/** The PageSkeleton component once loaded; loading starts the first time `wanted` is true. */
export function usePageSkeleton(wanted: boolean): PageSkeletonComponent | undefined {
  const [Skeleton, setSkeleton] = useState(() => loadedSkeleton);
  useEffect(() => {
    if (!wanted || Skeleton) return;
    let cancelled = false;
    void loadSkeleton().then((component) => {
      if (!cancelled) setSkeleton(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, Skeleton]);
  return Skeleton;
}
