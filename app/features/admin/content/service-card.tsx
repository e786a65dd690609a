// One service in the Services tab (spec section 2): a card titled "Service N" with move up, move
// down and delete, Service Name, Icon name, Description and Benefits, plus the service page's
// details (long description, approach, capabilities, use cases) under "More details".
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { getIcon } from "~/content/icons";
import type { Service } from "~/content/schema";
import { iconNames } from "~/content/schema";
import type { FieldErrors } from "~/lib/field-errors";
import { hasErrorUnder, LinesField, MoreFields, TextAreaField, TextField } from "./fields";
import { PairListField } from "./pair-list-field";
import { RichTextField } from "./rich-text-field";

const titled = [
  { key: "title", label: "Title" },
  { key: "description", label: "Description", multiline: true },
] as [{ key: "title"; label: string }, { key: "description"; label: string; multiline: true }];

export function ServiceCard({
  cardKey,
  index,
  count,
  service,
  errors,
  onChange,
  onMove,
  onDelete,
}: {
  /** A stable id of this card, for the ids of its buttons (focus follows a moved card). */
  cardKey: string;
  index: number;
  count: number;
  service: Service;
  errors: FieldErrors;
  onChange: (service: Service) => void;
  onMove: (direction: "up" | "down") => void;
  onDelete: () => void;
}) {
  const path = `services.items.${index}`;
  const name = `Service ${index + 1}`;
  const headingId = `${cardKey}-heading`;
  const Icon = getIcon(service.icon);
  const detailKeys = ["longDescription", "approach", "capabilities", "useCases"];
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-border bg-white shadow-sm"
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-4 py-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-primary">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <h3 id={headingId} className="text-base font-semibold text-navy">
              {name}
            </h3>
            <p className="truncate text-xs text-muted-foreground">
              {service.title || "Untitled service"}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button
            id={`${cardKey}-up`}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} up`}
            title="Move up"
            disabled={index === 0}
            onClick={() => onMove("up")}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            id={`${cardKey}-down`}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Move ${name} down`}
            title="Move down"
            disabled={index === count - 1}
            onClick={() => onMove("down")}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-destructive hover:bg-red-50"
            aria-label={`Delete ${name}`}
            title="Delete"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-5 p-4 sm:p-5">
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-[minmax(0,1fr)_14rem]">
          <TextField
            path={`${path}.title`}
            label="Service Name"
            hint="Also names the service's page address."
            error={errors[`${path}.title`]}
            value={service.title}
            onValueChange={(title) => onChange({ ...service, title })}
          />
          <TextField
            path={`${path}.icon`}
            label="Icon name"
            list="service-icon-names"
            autoComplete="off"
            spellCheck={false}
            hint={`One of: ${iconNames.join(", ")}`}
            error={errors[`${path}.icon`]}
            value={service.icon}
            onValueChange={(icon) => onChange({ ...service, icon })}
          />
        </div>
        <RichTextField
          path={`${path}.description`}
          label="Description"
          error={errors[`${path}.description`]}
          value={service.description}
          onValueChange={(description) => onChange({ ...service, description })}
        />
        <LinesField
          path={`${path}.benefits`}
          label="Benefits"
          hint="One benefit per line. Blank lines are ignored."
          error={errors[`${path}.benefits`]}
          value={service.benefits}
          onValueChange={(benefits) => onChange({ ...service, benefits })}
        />
        <MoreFields
          title="More details for this service's page"
          description="Long description, approach steps, capabilities and use cases."
          hasError={detailKeys.some((key) => hasErrorUnder(errors, `${path}.${key}`))}
        >
          <TextAreaField
            path={`${path}.longDescription`}
            label="Long Description"
            rows={5}
            error={errors[`${path}.longDescription`]}
            value={service.longDescription}
            onValueChange={(longDescription) => onChange({ ...service, longDescription })}
          />
          <PairListField
            path={`${path}.approach`}
            legend="Our Approach"
            itemName="Step"
            fields={titled}
            items={service.approach}
            onItemsChange={(approach) => onChange({ ...service, approach })}
            max={10}
            errors={errors}
          />
          <LinesField
            path={`${path}.capabilities`}
            label="Capabilities"
            hint="One capability per line. Blank lines are ignored."
            error={errors[`${path}.capabilities`]}
            value={service.capabilities}
            onValueChange={(capabilities) => onChange({ ...service, capabilities })}
          />
          <PairListField
            path={`${path}.useCases`}
            legend="Use Cases"
            itemName="Use Case"
            fields={titled}
            items={service.useCases}
            onItemsChange={(useCases) => onChange({ ...service, useCases })}
            max={10}
            errors={errors}
          />
        </MoreFields>
      </div>
    </section>
  );
}
