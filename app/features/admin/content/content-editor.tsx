// The content editor's screen (spec sections 2, 4 and 8): header with Admin Access, home link and
// Logout; the "Website Content" card with the five tabs; the "Actions" card with Save Changes and
// Preview Site. Saves send the version loaded (If-Match); a conflict, an expired session or a
// validation error keeps every edit on screen and says what to do.
import { useState } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import {
  type LoadedContent,
  loadEditorContent,
  saveEditorContent,
} from "~/features/admin/content/content-client";
import {
  describeFieldPlace,
  type EditorSections,
  type EditorTab,
  editorTabs,
  getTabOfField,
  validateEditorSections,
} from "~/features/admin/content/editor-model";
import { AdminPage } from "~/features/admin/shell/admin-shell";
import { AboutTab } from "./about-tab";
import { ContactTab } from "./contact-tab";
import { ConflictNotice, DraftNotice, SessionExpiredNotice } from "./editor-notices";
import { GeneralTab } from "./general-tab";
import { HomeTab } from "./home-tab";
import { SaveActions } from "./save-actions";
import { ServicesTab } from "./services-tab";
import { useContentSave } from "./use-content-save";
import { useDraft } from "./use-draft";
import { useLeaveGuard } from "./use-leave-guard";

export function ContentEditor({
  initial,
  adminEmail,
}: {
  initial: LoadedContent;
  adminEmail: string | null;
}) {
  const [tab, setTab] = useState<EditorTab>("general");
  const { sections, setSections, saved, saving, reloading, problem, errors, dirty, save, reload } =
    useContentSave({
      initial,
      validate: validateEditorSections,
      load: loadEditorContent,
      store: saveEditorContent,
      showField: (path) => setTab(getTabOfField(path)),
      describeField: describeFieldPlace,
    });

  useLeaveGuard(dirty);
  const draft = useDraft({
    email: adminEmail,
    form: "editor",
    sections,
    version: saved.version,
    dirty,
    loadedSections: initial.sections,
  });

  const updateSection = <Name extends keyof EditorSections>(
    name: Name,
    value: EditorSections[Name],
  ) => setSections((current) => ({ ...current, [name]: value }));

  return (
    <AdminPage title="Content Editor">
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
                if (accepted) setSections(accepted.sections);
              }}
              onDiscard={draft.declineOffer}
            />
          ) : null}
        </div>
      ) : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="min-w-0 lg:col-start-1 lg:row-start-1">
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">Website Content</h2>
            <CardDescription>
              Edit the text of your website. Each tab holds one part of the site.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Tabs value={tab} onValueChange={(value) => setTab(value as EditorTab)}>
              <TabsList className="w-full">
                {editorTabs.map((entry) => (
                  <TabsTrigger key={entry.value} value={entry.value}>
                    {entry.label}
                  </TabsTrigger>
                ))}
              </TabsList>
              <TabsContent value="general">
                <GeneralTab
                  value={sections.general}
                  onChange={(value) => updateSection("general", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="home">
                <HomeTab
                  value={sections.hero}
                  onChange={(value) => updateSection("hero", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="about">
                <AboutTab
                  value={sections.about}
                  onChange={(value) => updateSection("about", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="services">
                <ServicesTab
                  value={sections.services}
                  onChange={(value) => updateSection("services", value)}
                  errors={errors}
                />
              </TabsContent>
              <TabsContent value="contact">
                <ContactTab
                  value={sections.contact}
                  onChange={(value) => updateSection("contact", value)}
                  errors={errors}
                />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>
        {/* On small screens the actions stay in reach as a bar at the bottom of the screen. */}
        <SaveActions
          headingId="editor-actions-heading"
          saving={saving}
          dirty={dirty}
          onSave={() => save()}
        />
      </div>
    </AdminPage>
  );
}
