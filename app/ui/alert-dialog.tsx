// Confirmation dialog (Radix AlertDialog): focus trapped inside, Escape and Cancel close it, the
// destructive action is never the default. Admin screens only (kept out of the public chunk).
import { AlertDialog as Primitive } from "radix-ui";
import type { ReactNode } from "react";
import { buttonVariants } from "./button";
import { cn } from "./cn";

/**
 * Opened by its trigger; or, without one, controlled by `open` and `onOpenChange` (a menu item
 * that asks first: the menu closes, then the dialog opens, and focus returns to the menu's button).
 */
export function ConfirmDialog({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  busy,
}: {
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  const controlled = open === undefined ? {} : { open };
  return (
    <Primitive.Root {...controlled} onOpenChange={onOpenChange}>
      {trigger ? <Primitive.Trigger asChild>{trigger}</Primitive.Trigger> : null}
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <Primitive.Content
          className={cn(
            "fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-white p-6 shadow-xl",
          )}
        >
          <Primitive.Title className="text-lg font-semibold text-navy">{title}</Primitive.Title>
          <Primitive.Description className="text-sm text-slate-600">
            {description}
          </Primitive.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Primitive.Cancel className={buttonVariants({ variant: "outline" })}>
              Cancel
            </Primitive.Cancel>
            <Primitive.Action
              className={buttonVariants({ variant: "destructive" })}
              disabled={busy}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Primitive.Action>
          </div>
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
