// The rich-text editor: TipTap with its toolbar, quotes, code blocks, tables and the media
// library's images in figures, with the word count and read time under it. Links accept only the
// allowed schemes. Admin routes only (rich-text-field.tsx loads it lazily).
import { TableCell, TableHeader, TableRow } from "@tiptap/extension-table";
import { NodeSelection } from "@tiptap/pm/state";
import { type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import {
  Bold,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  SquareCode,
  Strikethrough,
  Table,
  TextQuote,
  Unlink,
} from "lucide-react";
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import {
  describeWordCount,
  getLinkAttributes,
  isAllowedLinkHref,
  linkSchemes,
} from "~/capabilities/rich-text/rich-text";
import { cn } from "~/ui/cn";
import { EditorPlaceholder } from "./editor-placeholder";
import { ImageDialog } from "./image-dialog";
import type { RichTextLink } from "./insert-rules";
import { LinkDialog, type LinkDialogValue } from "./link-dialog";
import { Figure, type FigureAttributes, PlainTable } from "./rich-text-nodes";

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
      // A pointer on the toolbar leaves the focus (and the caret) in the text: keys pressed right
      // after a click go to the text, not to the button the editor refocuses from a frame later.
      onMouseDown={(event) => event.preventDefault()}
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

/** Sets the dialog's link on the selection, or inserts its text as a link where there is none. */
function applyLink(editor: Editor, link: RichTextLink) {
  const chosen = getLinkAttributes(
    link.href,
    link.newTab ? "_blank" : null,
    link.nofollow ? "nofollow" : null,
  );
  // Explicit nulls: a changed link loses a new tab or nofollow it no longer has.
  const attributes = { href: link.href, target: chosen.target ?? null, rel: chosen.rel ?? null };
  if (editor.state.selection.empty && !editor.isActive("link")) {
    editor
      .chain()
      .focus()
      .insertContent({
        type: "text",
        text: link.text || link.href,
        marks: [{ type: "link", attrs: attributes }],
      })
      .run();
    return;
  }
  editor.chain().focus().extendMarkRange("link").setLink(attributes).run();
}

function readLink(editor: Editor): LinkDialogValue | undefined {
  if (!editor.isActive("link")) return undefined;
  const { href, target, rel } = editor.getAttributes("link") as Record<string, string | null>;
  return {
    href: href ?? "",
    newTab: target === "_blank",
    nofollow: (rel ?? "").split(/\s+/).includes("nofollow"),
  };
}

/**
 * After a new image, the cursor goes to the text after it (a new paragraph when there is none), so
 * the writer types on and the Image button inserts another image rather than editing this one.
 */
function moveCursorPastFigure(editor: Editor) {
  const { selection, doc } = editor.state;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== "figure") return;
  const after = selection.to;
  if (doc.resolve(after).nodeAfter?.isTextblock) {
    editor.commands.setTextSelection(after + 1);
    return;
  }
  editor
    .chain()
    .insertContentAt(after, { type: "paragraph" })
    .setTextSelection(after + 1)
    .run();
}

function Separator() {
  return <span className="mx-1 h-5 w-px bg-border" aria-hidden="true" />;
}

function Toolbar({
  editor,
  controls,
  onLink,
  onImage,
}: {
  editor: Editor;
  controls: string;
  onLink: () => void;
  onImage: () => void;
}) {
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
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      figure: current.isActive("figure"),
      table: current.isActive("table"),
    }),
  });
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) =>
    command(editor.chain().focus()).run();
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
        onClick={() => run((chain) => chain.toggleBold())}
      />
      <ToolbarButton
        label="Italic"
        icon={Italic}
        pressed={state.italic}
        onClick={() => run((chain) => chain.toggleItalic())}
      />
      <ToolbarButton
        label="Strikethrough"
        icon={Strikethrough}
        pressed={state.strike}
        onClick={() => run((chain) => chain.toggleStrike())}
      />
      <Separator />
      <ToolbarButton
        label="Bullet list"
        icon={List}
        pressed={state.bulletList}
        onClick={() => run((chain) => chain.toggleBulletList())}
      />
      <ToolbarButton
        label="Numbered list"
        icon={ListOrdered}
        pressed={state.orderedList}
        onClick={() => run((chain) => chain.toggleOrderedList())}
      />
      <Separator />
      <ToolbarButton label="Link" icon={Link2} pressed={state.link} onClick={onLink} />
      <ToolbarButton
        label="Remove Link"
        icon={Unlink}
        disabled={!state.link}
        onClick={() => run((chain) => chain.extendMarkRange("link").unsetLink())}
      >
        <span className="hidden sm:inline">Remove Link</span>
        <span className="sr-only sm:hidden">Remove Link</span>
      </ToolbarButton>
      <Separator />
      <ToolbarButton
        label="Heading 2"
        pressed={state.h2}
        onClick={() => run((chain) => chain.toggleHeading({ level: 2 }))}
      >
        <span aria-hidden="true">H2</span>
        <span className="sr-only">Heading 2</span>
      </ToolbarButton>
      <ToolbarButton
        label="Heading 3"
        pressed={state.h3}
        onClick={() => run((chain) => chain.toggleHeading({ level: 3 }))}
      >
        <span aria-hidden="true">H3</span>
        <span className="sr-only">Heading 3</span>
      </ToolbarButton>
      <Separator />
      <ToolbarButton
        label="Quote"
        icon={TextQuote}
        pressed={state.blockquote}
        onClick={() => run((chain) => chain.toggleBlockquote())}
      />
      <ToolbarButton
        label="Code block"
        icon={SquareCode}
        pressed={state.codeBlock}
        onClick={() => run((chain) => chain.toggleCodeBlock())}
      />
      <Separator />
      <ToolbarButton label="Image" icon={ImagePlus} pressed={state.figure} onClick={onImage}>
        <span>Image</span>
      </ToolbarButton>
      <ToolbarButton
        label="Table"
        icon={Table}
        pressed={state.table}
        disabled={state.table}
        onClick={() => run((chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }))}
      >
        <span>Table</span>
      </ToolbarButton>
      {state.table ? (
        <>
          <Separator />
          <ToolbarButton label="Add row" onClick={() => run((chain) => chain.addRowAfter())}>
            Add row
          </ToolbarButton>
          <ToolbarButton label="Delete row" onClick={() => run((chain) => chain.deleteRow())}>
            Delete row
          </ToolbarButton>
          <ToolbarButton label="Add column" onClick={() => run((chain) => chain.addColumnAfter())}>
            Add column
          </ToolbarButton>
          <ToolbarButton label="Delete column" onClick={() => run((chain) => chain.deleteColumn())}>
            Delete column
          </ToolbarButton>
          <ToolbarButton label="Delete table" onClick={() => run((chain) => chain.deleteTable())}>
            Delete table
          </ToolbarButton>
        </>
      ) : null}
    </div>
  );
}

/** Words and read time of the text being written. */
function WordCount({ editor, id }: { editor: Editor; id: string }) {
  const text = useEditorState({ editor, selector: ({ editor: current }) => current.getText() });
  return (
    <p id={id} className="border-t border-border bg-slate-50 px-3 py-1.5 text-xs text-slate-600">
      {describeWordCount(text)}
    </p>
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
  const countId = useId();
  const [dialog, setDialog] = useState<
    | { kind: "link"; initial: LinkDialogValue | undefined; askText: boolean }
    | { kind: "image"; initial: FigureAttributes | undefined }
  >();

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        // Only what the stored rich text allows (rich-text.ts): no inline code, rule, underline.
        code: false,
        horizontalRule: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          defaultProtocol: "http",
          protocols: linkSchemes,
          // Target and rel are each link's own (rich-text.ts getLinkAttributes), never forced.
          HTMLAttributes: { target: null, rel: null, class: null },
          isAllowedUri: (url) => isAllowedLinkHref(url),
        },
      }),
      Figure,
      PlainTable.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
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
          "prose-content min-h-[200px] px-3 py-2.5 text-sm leading-relaxed text-foreground outline-none [&_a]:cursor-text [&_a]:text-blue-700 [&_a]:underline [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-primary [&_.selectedCell]:bg-blue-50 [&_.tableWrapper]:overflow-x-auto",
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
          "aria-describedby": [describedBy, countId].filter(Boolean).join(" "),
        },
      },
    });
  }, [editor, invalid, describedBy, countId]);

  if (!editor) return <EditorPlaceholder />;
  const close = () => setDialog(undefined);
  return (
    <div
      className={cn(
        "overflow-hidden rounded-md border bg-background focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring",
        invalid ? "border-destructive" : "border-input",
      )}
    >
      <Toolbar
        editor={editor}
        controls={id}
        onLink={() =>
          setDialog({
            kind: "link",
            initial: readLink(editor),
            askText: editor.state.selection.empty && !editor.isActive("link"),
          })
        }
        onImage={() =>
          setDialog({
            kind: "image",
            initial: editor.isActive("figure")
              ? (editor.getAttributes("figure") as FigureAttributes)
              : undefined,
          })
        }
      />
      <EditorContent editor={editor} />
      <WordCount editor={editor} id={countId} />
      <LinkDialog
        open={dialog?.kind === "link"}
        onOpenChange={(open) => (open ? undefined : close())}
        initial={dialog?.kind === "link" ? dialog.initial : undefined}
        askText={dialog?.kind === "link" && dialog.askText}
        onDone={(link) => {
          close();
          applyLink(editor, link);
        }}
        onRemove={
          dialog?.kind === "link" && dialog.initial
            ? () => {
                close();
                editor.chain().focus().extendMarkRange("link").unsetLink().run();
              }
            : undefined
        }
      />
      <ImageDialog
        open={dialog?.kind === "image"}
        onOpenChange={(open) => (open ? undefined : close())}
        initial={dialog?.kind === "image" ? dialog.initial : undefined}
        onDone={(attributes) => {
          const editing = dialog?.kind === "image" && dialog.initial !== undefined;
          close();
          editor.chain().focus().setFigure(attributes).run();
          if (!editing) moveCursorPastFigure(editor);
        }}
      />
    </div>
  );
}
