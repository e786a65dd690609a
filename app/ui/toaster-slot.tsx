// Mounts the Toaster the first time a toast is shown, loading its code then. Plain state instead of
// React.lazy: Suspense holds back newly loaded content on a timer, which delayed a first toast.
import { type ComponentType, useEffect, useState } from "react";
import { useToasterWanted } from "./use-toast";

/** Set once the Toaster's code has arrived: later mounts render it at once. */
let loadedToaster: ComponentType | undefined;

function loadToaster(): Promise<ComponentType> {
  return import("./toast").then((module) => {
    loadedToaster = module.Toaster;
    return module.Toaster;
  });
}

/**
 * Fetches the Toaster's code early, for a page whose first toast must show at once (such as
 * "Login Successful", which has half a second before the redirect).
 */
export function preloadToaster(): void {
  void loadToaster();
}

export function ToasterSlot() {
  const wanted = useToasterWanted();
  const [Toaster, setToaster] = useState<ComponentType | undefined>(() => loadedToaster);

  useEffect(() => {
    if (!wanted || Toaster) return;
    let cancelled = false;
    void loadToaster().then((component) => {
      if (!cancelled) setToaster(() => component);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, Toaster]);

  return wanted && Toaster ? <Toaster /> : null;
}
