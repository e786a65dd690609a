// The content editor's screen (spec sections 2, 4 and 8): header with Admin Access, home link and
// Logout; the "Website Content" card with the five tabs; the "Actions" card with Save Changes and
// Preview Site. Saves send the version loaded (If-Match); a conflict, an expired session or a
// validation error keeps every edit on screen and says what to do.
import { FileText, Home, LogOut } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type LoadedContent, loadEditorContent, saveEditorContent } from "~/admin/content-client";
import {
  describeFieldPlace,
  type EditorSections,
  type EditorTab,
  editorTabs,
  getTabOfField,
  validateEditorSections,
} from "~/admin/editor-model";
import { describeRequestError, logOut } from "~/admin/session-client";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { toast } from "~/components/ui/use-toast";
import { AboutTab } from "./about-tab";
import { ContactTab } from "./contact-tab";
import { ConflictNotice, DraftNotice, SessionExpiredNotice } from "./editor-notices";
import { GeneralTab } from "./general-tab";
import { HomeTab } from "./home-tab";
import { SaveActions } from "./save-actions";
import { ServicesTab } from "./services-tab";
import { useContentSave } from "./use-content-save";
import { useEditorDraft } from "./use-editor-draft";
import { useLeaveGuard } from "./use-leave-guard";

export function ContentEditor({
  initial,
  adminEmail,
}: {
  initial: LoadedContent;
  adminEmail: string | null;
}) {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
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

  const allowLeaving = useLeaveGuard(dirty);
  const draft = useEditorDraft({
    email: adminEmail,
    sections,
    version: saved.version,
    dirty,
    loadedSections: initial.sections,
  });

  const updateSection = <Name extends keyof EditorSections>(
    name: Name,
    value: EditorSections[Name],
  ) => setSections((current) => ({ ...current, [name]: value }));

  const handleLogout = async () => {
    if (
      dirty &&
      !window.confirm(
        "You have unsaved changes. Log out anyway? They stay in this browser and you can restore them the next time you open the editor.",
      )
    ) {
      return;
    }
    setLoggingOut(true);
    try {
      await logOut();
      allowLeaving();
      toast({ title: "Logged Out" });
      navigate("/admin/login", { replace: true });
    } catch (error) {
      setLoggingOut(false);
      toast({
        title: "Logout Failed",
        description: describeRequestError(error, "Unable to log out"),
        variant: "destructive",
      });
    }
  };

  return (
    <div className="min-h-screen overflow-x-clip">
      <header className="border-b border-border bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-4 sm:px-6 lg:px-8">
          <div className="flex items-center gap-3">
            <h1 className="text-xl font-bold tracking-tight text-navy sm:text-2xl">
              Content Editor
            </h1>
            <Badge variant="accent">Admin Access</Badge>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {adminEmail ? (
              <span className="hidden text-sm text-muted-foreground md:inline">
                Signed in as {adminEmail}
              </span>
            ) : null}
            <Button asChild variant="ghost" size="sm">
              <Link to="/content">
                <FileText aria-hidden="true" />
                Content Manager
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link to="/">
                <Home aria-hidden="true" />
                Home
              </Link>
            </Button>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={handleLogout}
              disabled={loggingOut}
            >
              <LogOut aria-hidden="true" />
              Logout
            </Button>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
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
      </main>
    </div>
  );
}
