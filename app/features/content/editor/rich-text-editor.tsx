// The rich-text editor (spec sections 2 and 5): TipTap with the spec's toolbar (bold, italic,
// strike, lists, link by prompt, Remove Link, H2, H3). Links are not opened on click, accept only
// the spec's schemes, default to http and open in a new tab with noopener noreferrer nofollow.
// Loaded on admin routes only (rich-text-field.tsx imports it lazily).
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Strikethrough,
  Unlink,
} from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { isAllowedLinkHref, linkRel, linkSchemes, linkTarget } from "~/features/content/rich-text";
import { cn } from "~/ui/cn";
import { toast } from "~/ui/use-toast";
import { EditorPlaceholder } from "./editor-placeholder";
import { normalizeLinkInput } from "./form-rules";

export type RichTextEditorProps = {
  id: string;
  labelId: string;
  value: string;
  onValueChange: (html: string) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
};

function ToolbarButton({
  label,
  icon: Icon,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  icon?: LucideIcon;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={children ? undefined : label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 min-w-8 items-center justify-center gap-1.5 rounded px-2 text-sm font-semibold text-slate-700 transition-colors hover:bg-white hover:text-navy focus-visible:outline-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-40",
        pressed && "bg-white text-primary shadow-sm ring-1 ring-border",
      )}
    >
      {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}

/**
 * The editor's HTML as stored: empty when there is no text, and without the empty paragraph the
 * editor keeps after a closing list or heading (it is there to click into, not content).
 */
function toStoredHtml(editor: Editor): string {
  return editor.isEmpty ? "" : editor.getHTML().replace(/(?:<p><\/p>)+$/, "");
}

function promptForLink(editor: Editor) {
  const previous = editor.getAttributes("link").href as string | undefined;
  const input = window.prompt("Link URL", previous ?? "");
  if (input === null) return;
  const href = normalizeLinkInput(input);
  if (href === "") {
    editor.chain().focus().extendMarkRange("link").unsetLink().run();
    return;
  }
  if (!isAllowedLinkHref(href)) {
    toast({
      title: "Link Not Added",
      description:
        "Use a web address (http or https), an email (mailto:), a phone (tel:) or a page of this site.",
      variant: "destructive",
    });
    return;
  }
  const attributes = { href, target: linkTarget, rel: linkRel };
  if (editor.state.selection.empty && !editor.isActive("link")) {
    // Nothing selected: insert the address itself as the link's text.
    editor
      .chain()
      .focus()
      .insertContent({
        type: "text",
        text: input.trim(),
        marks: [{ type: "link", attrs: attributes }],
      })
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink(attributes).run();
}

function Toolbar({ editor, controls }: { editor: Editor; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      strike: current.isActive("strike"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      link: current.isActive("link"),
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
    }),
  });
  return (
    <div
      role="toolbar"
      aria-label="Text formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-1 border-b border-border bg-slate-50 p-1.5"
    >
      <ToolbarButton
        label="Bold"
        icon={Bold}
        pressed={state.bold}
        onClick={() => editor.chain().focus().toggleBold().run()}
      />
      <ToolbarButton
        label="Italic"
        icon={Italic}
        pressed={state.italic}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      />
      <ToolbarButton
        label="Strikethrough"
        icon={Strikethrough}
        pressed={state.strike}
        onClick={() => editor.chain().focus().toggleStrike().run()}
      />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ToolbarButton
        label="Bullet list"
        icon={List}
        pressed={state.bulletList}
        onClick={() => editor.chain().focus().toggleBulletList().run()}
      />
      <ToolbarButton
        label="Numbered list"
        icon={ListOrdered}
        pressed={state.orderedList}
        onClick={() => editor.chain().focus().toggleOrderedList().run()}
      />
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ToolbarButton
        label="Link"
        icon={Link2}
        pressed={state.link}
        onClick={() => promptForLink(editor)}
      />
      <ToolbarButton
        label="Remove Link"
        icon={Unlink}
        disabled={!state.link}
        onClick={() => editor.chain().focus().extendMarkRange("link").unsetLink().run()}
      >
        <span className="hidden sm:inline">Remove Link</span>
        <span className="sr-only sm:hidden">Remove Link</span>
      </ToolbarButton>
      <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />
      <ToolbarButton
        label="Heading 2"
        pressed={state.h2}
        onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
      >
        <span aria-hidden="true">H2</span>
        <span className="sr-only">Heading 2</span>
      </ToolbarButton>
      <ToolbarButton
        label="Heading 3"
        pressed={state.h3}
        onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
      >
        <span aria-hidden="true">H3</span>
        <span className="sr-only">Heading 3</span>
      </ToolbarButton>
    </div>
  );
}

export function RichTextEditor({
  id,
  labelId,
  value,
  onValueChange,
  invalid,
  describedBy,
}: RichTextEditorProps) {
  const onValueChangeRef = useRef(onValueChange);
  onValueChangeRef.current = onValueChange;

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the stored rich text allows (p, strong, em, s, lists, links, h2, h3, br).
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: "http",
          protocols: linkSchemes,
          HTMLAttributes: { target: linkTarget, rel: linkRel, class: null },
          isAllowedUri: (url) => isAllowedLinkHref(url),
        },
      }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class:
          "prose-content min-h-[200px] px-3 py-2.5 text-sm leading-relaxed text-foreground outline-none [&_a]:cursor-text [&_a]:text-blue-700 [&_a]:underline",
      },
    },
    onUpdate: ({ editor: current }) => {
      onValueChangeRef.current(toStoredHtml(current));
    },
  });

  // The value can change from outside (reload, restored draft, sanitized save): show it.
  useEffect(() => {
    if (!editor) return;
    if (value !== toStoredHtml(editor)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        ...editor.options.editorProps,
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          "aria-invalid": invalid ? "true" : "false",
          "aria-describedby": describedBy ?? "",
        },
      },
    });
  }, [editor, invalid, describedBy]);

  if (!editor) return <EditorPlaceholder />;
  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        invalid ? "border-destructive" : "border-input",
      )}
    >
      <Toolbar editor={editor} controls={id} />
      <EditorContent editor={editor} />
    </div>
  );
}
