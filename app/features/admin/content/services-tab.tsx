// The Services tab (spec sections 2 and 4): "Add Service" appends an empty service; each card
// moves up or down (swapping with its neighbour) or is deleted. Focus follows a moved card, and
// each change is announced. The services page's heading and "why choose us" points come after.
import { Plus } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { iconNames } from "~/content/schema";
import {
  createEmptyService,
  type EditorSections,
  moveItem,
  removeItem,
  replaceItem,
} from "~/features/admin/content/editor-model";
import type { FieldErrors } from "~/lib/field-errors";
import { hasErrorUnder, MoreFields, TextAreaField, TextField, toFieldId } from "./fields";
import { PairListField } from "./pair-list-field";
import { ServiceCard } from "./service-card";

type Services = EditorSections["services"];

let nextCardKey = 1;
function createCardKey(): string {
  return `service-card-${nextCardKey++}`;
}

/** Ids that stay with each card as it moves; new ones when the list is replaced from outside. */
function useCardKeys(count: number) {
  const [keys, setKeys] = useState(() => Array.from({ length: count }, createCardKey));
  if (keys.length !== count) {
    const fresh = Array.from({ length: count }, createCardKey);
    setKeys(fresh);
    return [fresh, setKeys] as const;
  }
  return [keys, setKeys] as const;
}

function focusLater(id: string, fallbackId?: string) {
  window.requestAnimationFrame(() => {
    const target = document.getElementById(id) as HTMLButtonElement | HTMLInputElement | null;
    if (target && !("disabled" in target && target.disabled)) target.focus();
    else if (fallbackId) document.getElementById(fallbackId)?.focus();
  });
}

export function ServicesTab({
  value,
  onChange,
  errors,
}: {
  value: Services;
  onChange: (value: Services) => void;
  errors: FieldErrors;
}) {
  const items = value.items;
  const [keys, setKeys] = useCardKeys(items.length);
  const [announcement, setAnnouncement] = useState("");
  const addButton = useRef<HTMLButtonElement>(null);

  const setItems = (next: Services["items"]) => onChange({ ...value, items: next });

  const addService = () => {
    const key = createCardKey();
    setKeys([...keys, key]);
    setItems([...items, createEmptyService()]);
    setAnnouncement(`Service ${items.length + 1} added`);
    focusLater(toFieldId(`services.items.${items.length}.title`));
  };

  const move = (index: number, direction: "up" | "down") => {
    const key = keys[index];
    const target = direction === "up" ? index - 1 : index + 1;
    setKeys(moveItem(keys, index, direction));
    setItems(moveItem(items, index, direction));
    setAnnouncement(`Service ${index + 1} moved ${direction} to position ${target + 1}`);
    if (key) focusLater(`${key}-${direction}`, `${key}-${direction === "up" ? "down" : "up"}`);
  };

  const remove = (index: number) => {
    setKeys(removeItem(keys, index));
    setItems(removeItem(items, index));
    setAnnouncement(`Service ${index + 1} deleted`);
    window.requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <datalist id="service-icon-names">
        {iconNames.map((icon) => (
          <option key={icon} value={icon} />
        ))}
      </datalist>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-base font-semibold text-navy">Your services</p>
          <p className="text-sm text-muted-foreground">
            Each service has its own page and appears in the menu, in this order.
          </p>
        </div>
        <Button ref={addButton} type="button" onClick={addService} disabled={items.length >= 50}>
          <Plus aria-hidden="true" />
          Add Service
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-slate-50 px-6 py-10 text-center text-sm text-muted-foreground">
          No services added yet. Click "Add Service" to get started.
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-5">
          {items.map((service, index) => {
            const key = keys[index] ?? `service-card-${index}`;
            return (
              <ServiceCard
                key={key}
                cardKey={key}
                index={index}
                count={items.length}
                service={service}
                errors={errors}
                onChange={(next) => setItems(replaceItem(items, index, next))}
                onMove={(direction) => move(index, direction)}
                onDelete={() => remove(index)}
              />
            );
          })}
        </div>
      )}
      <MoreFields
        title="Services page heading and “Why choose us”"
        description="The heading and introduction of the services list, and the reasons to choose you shown on each service page."
        hasError={["heading", "description", "whyChoose"].some((key) =>
          hasErrorUnder(errors, `services.${key}`),
        )}
      >
        <TextField
          path="services.heading"
          label="Services Heading"
          error={errors["services.heading"]}
          value={value.heading}
          onValueChange={(heading) => onChange({ ...value, heading })}
        />
        <TextAreaField
          path="services.description"
          label="Services Description"
          error={errors["services.description"]}
          value={value.description}
          onValueChange={(description) => onChange({ ...value, description })}
        />
        <PairListField
          path="services.whyChoose"
          legend="Why Choose Us"
          itemName="Reason"
          fields={[
            { key: "title", label: "Title" },
            { key: "description", label: "Description", multiline: true },
          ]}
          items={value.whyChoose}
          onItemsChange={(whyChoose) => onChange({ ...value, whyChoose })}
          max={8}
          errors={errors}
        />
      </MoreFields>
    </div>
  );
}
