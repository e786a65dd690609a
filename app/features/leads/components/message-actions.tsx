// What the owner can do with one message, described once and drawn as form posts without
// JavaScript or as buttons beside a "More" menu with it. Deleting and erasing ask first; posts keep
// the folder, search and scroll where they are.
import {
  CheckCircle2,
  Download,
  Inbox,
  MoreHorizontal,
  RotateCcw,
  ShieldAlert,
  Trash2,
  UserX,
} from "lucide-react";
import { type ComponentType, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { ConfirmDialog } from "~/ui/alert-dialog";
import { Button } from "~/ui/button";
import { cn } from "~/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/ui/dropdown-menu";
import { useHydrated } from "~/ui/hooks/use-hydrated";

type MessageState = "new" | "handled" | "spam";
type Placement = "primary" | "secondary" | "more";

type Confirmation = { title: string; description: string; confirmLabel: string };
type MessageAction = {
  key: string;
  label: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  placement: Placement;
  destructive?: boolean;
} & (
  | { kind: "post"; fields: Record<string, string>; confirm?: Confirmation }
  | { kind: "download"; href: string }
);

export type ActionMessage = { id: number; name: string; email: string; state: MessageState };

/** What only an owner may do with a message: the server refuses an editor these too. */
const ownerActionKeys = new Set(["delete", "export", "erase"]);

/** The message's actions, most used first; an editor's leave out deleting, export and erasure. */
export function listMessageActions(message: ActionMessage, ownerTools: boolean): MessageAction[] {
  return listAllMessageActions(message).filter(
    (action) => ownerTools || !ownerActionKeys.has(action.key),
  );
}

function listAllMessageActions(message: ActionMessage): MessageAction[] {
  const id = String(message.id);
  const move = (intent: string, label: string, icon: MessageAction["icon"], placement: Placement) =>
    ({ key: intent, kind: "post", label, icon, placement, fields: { intent, id } }) as const;
  const moves: MessageAction[] =
    message.state === "new"
      ? [move("handled", "Mark handled", CheckCircle2, "primary")]
      : message.state === "handled"
        ? [move("new", "Mark as new", RotateCcw, "primary")]
        : [move("not-spam", "Not spam", Inbox, "primary")];
  if (message.state !== "spam") moves.push(move("spam", "Move to spam", ShieldAlert, "secondary"));
  return [
    ...moves,
    {
      key: "delete",
      kind: "post",
      label: "Delete",
      icon: Trash2,
      placement: "secondary",
      destructive: true,
      fields: { intent: "delete", id },
      confirm: {
        title: "Delete this message?",
        description: `The message from ${message.name} and its email record are removed for good. The Activity log only notes that a message was deleted.`,
        confirmLabel: "Delete message",
      },
    },
    {
      key: "export",
      kind: "download",
      label: "Export this person's data",
      icon: Download,
      placement: "more",
      href: `/admin/leads/contacts/export.json?email=${encodeURIComponent(message.email)}`,
    },
    {
      key: "erase",
      kind: "post",
      label: "Erase this person",
      icon: UserX,
      placement: "more",
      destructive: true,
      fields: { intent: "erase", email: message.email },
      confirm: {
        title: "Erase this person?",
        description: `Every message from ${message.email} and their email records are removed for good. The Activity log only notes how many messages were erased.`,
        confirmLabel: "Erase this person",
      },
    },
  ];
}

function ActionLabel({ action, name }: { action: MessageAction; name: string }) {
  const Icon = action.icon;
  return (
    <>
      <Icon aria-hidden="true" />
      {action.label}
      <span className="sr-only"> (message from {name})</span>
    </>
  );
}

/** One action as a button: its own form post, or, with a question, the dialog's opener. */
function ActionButton({
  action,
  name,
  onAsk,
  className,
}: {
  action: MessageAction;
  name: string;
  onAsk?: (action: MessageAction) => void;
  className?: string;
}) {
  const navigation = useNavigation();
  const style = cn(action.destructive && "text-red-700 hover:bg-red-50");
  const variant = action.placement === "primary" ? "default" : "outline";
  if (action.kind === "download") {
    return (
      <Button asChild variant="outline" size="sm" className={style}>
        <a href={action.href} download>
          <ActionLabel action={action} name={name} />
        </a>
      </Button>
    );
  }
  if (action.confirm && onAsk) {
    return (
      <div className={className}>
        <Button
          type="button"
          variant={variant}
          size="sm"
          className={style}
          onClick={() => onAsk(action)}
        >
          <ActionLabel action={action} name={name} />
        </Button>
      </div>
    );
  }
  return (
    <Form method="post" preventScrollReset className={className}>
      {Object.entries(action.fields).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      <Button
        type="submit"
        variant={variant}
        size="sm"
        className={cn(style, "w-full")}
        disabled={navigation.state === "submitting"}
      >
        <ActionLabel action={action} name={name} />
      </Button>
    </Form>
  );
}

function MoreMenu({
  actions,
  name,
  onChoose,
  className,
}: {
  actions: MessageAction[];
  name: string;
  onChoose: (action: MessageAction) => void;
  className?: string;
}) {
  if (actions.length === 0) return null;
  return (
    <div className={className}>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" size="sm">
            <MoreHorizontal aria-hidden="true" />
            More<span className="sr-only"> actions for the message from {name}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {actions.map((action) => {
            const Icon = action.icon;
            return action.kind === "download" ? (
              <DropdownMenuItem key={action.key} asChild>
                <a href={action.href} download>
                  <Icon aria-hidden="true" />
                  {action.label}
                </a>
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem
                key={action.key}
                destructive={action.destructive}
                onSelect={() => onChoose(action)}
              >
                <Icon aria-hidden="true" />
                {action.label}
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

export function MessageActions({
  message,
  ownerTools,
}: {
  message: ActionMessage;
  /** Whether the owner's actions (delete, export, erase) are offered. */
  ownerTools: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [asking, setAsking] = useState<MessageAction | null>(null);
  const actions = listMessageActions(message, ownerTools);
  if (!hydrated) {
    // Without JavaScript every action is its own form; the server asks before destroying.
    return (
      <div className="flex flex-wrap gap-2">
        {actions.map((action) => (
          <ActionButton key={action.key} action={action} name={message.name} />
        ))}
      </div>
    );
  }
  const post = (action: MessageAction, confirmed: boolean) => {
    if (action.kind !== "post") return;
    submit(
      { ...action.fields, ...(confirmed ? { confirmed: "yes" } : {}) },
      { method: "post", preventScrollReset: true },
    );
  };
  const choose = (action: MessageAction) => {
    if (action.kind === "post" && action.confirm) setAsking(action);
    else post(action, false);
  };
  const primary = actions.filter((action) => action.placement === "primary");
  const secondary = actions.filter((action) => action.placement === "secondary");
  const more = actions.filter((action) => action.placement === "more");
  const confirm = asking?.kind === "post" ? asking.confirm : undefined;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {primary.map((action) => (
        <ActionButton key={action.key} action={action} name={message.name} onAsk={setAsking} />
      ))}
      {secondary.map((action) => (
        <ActionButton
          key={action.key}
          action={action}
          name={message.name}
          onAsk={setAsking}
          className="hidden sm:inline-flex"
        />
      ))}
      {/* A phone has room for the main action and a menu; a wider screen for the moves too. */}
      <MoreMenu
        actions={[...secondary, ...more]}
        name={message.name}
        onChoose={choose}
        className="sm:hidden"
      />
      <MoreMenu actions={more} name={message.name} onChoose={choose} className="hidden sm:block" />
      {confirm && asking ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) setAsking(null);
          }}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          onConfirm={() => post(asking, true)}
        />
      ) : null}
    </div>
  );
}
