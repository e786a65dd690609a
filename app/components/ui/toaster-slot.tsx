// Mounts the Toaster the first time a toast is shown, loading its code then.
import { lazy, Suspense } from "react";
import { useToasterWanted } from "./use-toast";

const Toaster = lazy(() => import("./toast").then((module) => ({ default: module.Toaster })));

export function ToasterSlot() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
