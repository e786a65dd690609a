// A content form screen: the field table's sections as tabs, Save Changes and Preview Site, saves
// with the version loaded (If-Match), every edit kept through a conflict, an expired session or an
// error, drafts offered back, leaving guarded. The editor and the Content Manager both use it.

import { type ReactNode, useContext, useState } from "react";
import { BlockChoicesContext } from "~/capabilities/blocks/blocks-field";
import type { Field } from "~/capabilities/fields/field-kinds";
import { FieldTable } from "~/capabilities/fields/field-kinds";
import type { FieldValues } from "~/capabilities/fields/field-values";
import { AdminPage } from "~/capabilities/workspace/shell/admin-shell";
import type { PageSeoFacts } from "~/features/content/page-seo";
import { iconNames } from "~/features/content/schema";
import { Card, CardContent, CardDescription, CardHeader } from "~/ui/card";
import { useDraft } from "~/ui/hooks/use-draft";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/ui/tabs";
import {
  ConflictNotice,
  DraftNotice,
  SessionExpiredNotice,
} from "../../../capabilities/workspace/editor-notices";
import { useLeaveGuard } from "../../../capabilities/workspace/shell/use-leave-guard";
import { type LoadedSections, loadContentSections, saveContentSections } from "./content-client";
import type { ContentFormModel } from "./form-model";
import { mergeDraftSections } from "./form-rules";
import { SaveActions } from "./save-actions";
import { sectionControls } from "./section-controls";
import { SeoPagesContext } from "./seo-preview";
import { useContentSave } from "./use-content-save";

export function ContentForm<Sections extends Record<string, unknown>>({
  model,
  initial,
  adminEmail,
  title,
  cardTitle,
  cardDescription,
  seoPages = {},
}: {
  model: ContentFormModel<Sections>;
  initial: LoadedSections<Sections>;
  adminEmail: string | null;
  title: string;
  cardTitle: string;
  cardDescription: ReactNode;
  /** The fixed pages the form's search descriptions describe, by field path (SeoPagesContext). */
  seoPages?: Partial<Record<string, PageSeoFacts>>;
}) {
  const firstTab = model.specs[0]?.section ?? "";
  const [tab, setTab] = useState<string>(firstTab);
  const { sections, setSections, saved, saving, reloading, problem, errors, dirty, save, reload } =
    useContentSave({
      initial,
      validate: model.validate,
      load: () => loadContentSections(model.select),
      store: (value, version) => saveContentSections(value, version, model.select),
      showField: (path) => setTab(model.getTabOfField(path)),
      describeField: model.describeField,
    });
  useLeaveGuard(dirty);
  const context = { errors, ...useContext(BlockChoicesContext), controls: sectionControls };
  const draft = useDraft({
    email: adminEmail,
    form: model.id,
    sections,
    version: saved.version,
    dirty,
    loadedSections: initial.sections,
  });

  return (
    <AdminPage title={title}>
      {problem || draft.offer ? (
        <div className="grid gap-3">
          {problem === "conflict" ? (
            <ConflictNotice
              busy={saving || reloading}
              onReload={reload}
              onOverwrite={() => save({ overwrite: true })}
            />
          ) : null}
          {problem === "session-expired" ? <SessionExpiredNotice /> : null}
          {draft.offer ? (
            <DraftNotice
              savedAt={draft.offer.savedAt}
              outdated={draft.offer.version !== saved.version}
              onRestore={() => {
                const accepted = draft.acceptOffer();
                if (accepted)
                  setSections((current) => mergeDraftSections(current, accepted.sections));
              }}
              onDiscard={draft.declineOffer}
            />
          ) : null}
        </div>
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="min-w-0 lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">{cardTitle}</h2>
            <CardDescription>{cardDescription}</CardDescription>
          </CardHeader>
          <CardContent>
            <SeoPagesContext value={{ pages: seoPages, version: saved.version }}>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="h-auto w-full flex-wrap">
                  {model.specs.map((spec) => (
                    <TabsTrigger key={spec.section} value={spec.section}>
                      {spec.label}
                    </TabsTrigger>
                  ))}
                </TabsList>
                {model.specs.map((spec) => {
                  const fields = spec.fields as readonly Field[];
                  return (
                    <TabsContent key={spec.section} value={spec.section}>
                      <div className="grid grid-cols-1 gap-6">
                        {fields.some((field) => field.kind === "icon" || field.kind === "cards") ? (
                          <datalist id="icon-names">
                            {iconNames.map((icon) => (
                              <option key={icon} value={icon} />
                            ))}
                          </datalist>
                        ) : null}
                        <FieldTable
                          fields={fields}
                          path={spec.section}
                          values={sections[spec.section] as FieldValues}
                          context={context}
                          more={
                            spec.more ?? {
                              title: `More ${spec.label.toLowerCase()} fields`,
                              description: "",
                            }
                          }
                          onChange={(patch) =>
                            setSections((current) => ({
                              ...current,
                              [spec.section]: {
                                ...(current[spec.section] as FieldValues),
                                ...patch,
                              },
                            }))
                          }
                        />
                      </div>
                    </TabsContent>
                  );
                })}
              </Tabs>
            </SeoPagesContext>
          </CardContent>
        </Card>
        {/* On small screens the actions stay in reach as a bar at the bottom of the screen. */}
        <SaveActions
          headingId={`${model.id}-actions-heading`}
          saving={saving}
          dirty={dirty}
          onSave={() => save()}
        />
      </div>
    </AdminPage>
  );
}
