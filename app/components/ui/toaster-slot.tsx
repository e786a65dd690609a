// Mounts the Toaster the first time a toast is shown, loading its code then.
import { type ComponentType, lazy, Suspense } from "react";
import { useToasterWanted } from "./use-toast";

/** Set once the Toaster's code has arrived: later mounts render it at once, without suspending. */
let LoadedToaster: ComponentType | undefined;

const loadToaster = () =>
  import("./toast").then((module) => {
    LoadedToaster = module.Toaster;
    return module;
  });

const LazyToaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })));

/**
 * Fetches the Toaster's code early, for a page whose first toast must show at once (such as
 * "Login Successful", which has half a second before the redirect).
 */
export function preloadToaster(): void {
  void loadToaster();
}

export function ToasterSlot() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  if (LoadedToaster) return <LoadedToaster />;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
