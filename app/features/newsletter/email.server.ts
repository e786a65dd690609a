// A newsletter as email: the written rich text in a plain, mail-client-safe frame (one column,
// inline styles, absolute links), its plain-text part, the firm's postal address, and the
// recipient's own unsubscribe link in the footer and in the RFC 8058 one-click headers.
import { absolutizeLinks } from "~/features/publishing/feed.server";
import { escapeXml } from "~/platform/http/xml";
import { getManageUrl } from "./subscribers.server";

export type NewsletterFrame = {
  siteUrl: string;
  companyName: string;
  /** The firm's postal address, from the content (anti-spam laws ask for one). */
  postalAddress: string;
  /** Where a reader's reply goes: the contact email of the content. */
  replyTo: string;
};

/** The parts of the site content a newsletter's frame is made of. */
export type FrameContent = {
  general: { companyName: string };
  contact: { address: string; email: string };
};

/** The frame from the site's address and its content (the firm, its postal and contact address). */
export function toNewsletterFrame(siteUrl: string, content: FrameContent): NewsletterFrame {
  return {
    siteUrl,
    companyName: content.general.companyName,
    postalAddress: content.contact.address,
    replyTo: content.contact.email,
  };
}

export type NewsletterEmail = { html: string; text: string; headers?: Record<string, string> };

const styles = {
  body: "margin:0;padding:0;background:#f1f5f9;",
  outer: "width:100%;background:#f1f5f9;padding:24px 0;",
  card: "max-width:600px;margin:0 auto;background:#ffffff;border-radius:12px;overflow:hidden;font-family:Inter,Segoe UI,Helvetica,Arial,sans-serif;color:#1e293b;font-size:16px;line-height:1.6;",
  header: "background:#0f2a4a;color:#ffffff;padding:20px 32px;font-size:18px;font-weight:700;",
  content: "padding:32px;",
  title: "margin:0 0 16px;font-size:26px;line-height:1.25;color:#0f2a4a;",
  footer: "padding:24px 32px;background:#f8fafc;color:#64748b;font-size:13px;line-height:1.5;",
  link: "color:#1d4ed8;",
};

/** Inline styles mail clients keep (many drop a <style> block): images fit, links look like links. */
function styleContent(html: string): string {
  return html
    .replace(/<img /g, '<img style="max-width:100%;height:auto;border-radius:8px;" ')
    .replace(/<a /g, `<a style="${styles.link}" `)
    .replace(/<h2>/g, '<h2 style="font-size:21px;color:#0f2a4a;margin:28px 0 8px;">')
    .replace(/<h3>/g, '<h3 style="font-size:18px;color:#0f2a4a;margin:24px 0 8px;">');
}

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) {
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    }
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return entities[name.toLowerCase()] ?? whole;
  });
}

function toCellText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, " ").replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A table as aligned rows: each column padded to its widest cell, columns two spaces apart, and
 * a rule under a header row, so it reads as a table in a fixed-width mail view.
 */
export function renderTextTable(tableHtml: string): string {
  const rows = Array.from(tableHtml.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/gi), (row) => ({
    header: /<th\b/i.test(row[1] ?? ""),
    cells: Array.from((row[1] ?? "").matchAll(/<(td|th)\b[^>]*>([\s\S]*?)<\/\1>/gi), (cell) =>
      toCellText(cell[2] ?? ""),
    ),
  })).filter((row) => row.cells.length > 0);
  const widths: number[] = [];
  for (const { cells } of rows) {
    cells.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, cell.length);
    });
  }
  const lines: string[] = [];
  rows.forEach(({ header, cells }, index) => {
    lines.push(
      cells
        .map((cell, column) => cell.padEnd(widths[column] ?? 0))
        .join("  ")
        .trimEnd(),
    );
    if (header && index === 0) {
      lines.push(widths.map((width) => "-".repeat(width)).join("  "));
    }
  });
  return lines.join("\n");
}

/**
 * The rich text as plain text: paragraphs and headings on their own lines, list items bulleted,
 * a link's address after its words, an image as its description, a table as aligned rows.
 */
export function toPlainText(html: string): string {
  // Tables are laid out whole and put back at the end, after spaces are collapsed elsewhere.
  const tables: string[] = [];
  const text = html
    .replace(/<table\b[\s\S]*?<\/table>/gi, (table) => {
      tables.push(renderTextTable(table));
      return `\n\n\uE000${tables.length - 1}\uE000\n\n`;
    })
    .replace(/<img\b[^>]*\balt="([^"]*)"[^>]*>/gi, (_, alt: string) => (alt ? `[${alt}]` : ""))
    .replace(
      /<a\b[^>]*\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_, href: string, label: string) => {
        const words = label.replace(/<[^>]+>/g, "").trim();
        return words && words !== href ? `${words} (${href})` : href;
      },
    )
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "\n- ")
    .replace(/<\/(p|h[1-6]|ul|ol|blockquote|figure)>/gi, "\n\n")
    .replace(/<[^>]+>/g, "");
  return decodeEntities(text)
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()
    .replace(/\uE000(\d+)\uE000/g, (_, index: string) => tables[Number(index)] ?? "");
}

/**
 * One recipient's email. `unsubscribeUrl` is theirs; without it (a test copy) the footer says
 * where the link will be, and no one-click headers are set.
 */
export function renderNewsletterEmail(
  newsletter: { subject: string; bodyHtml: string },
  frame: NewsletterFrame,
  unsubscribeUrl: string | undefined,
): NewsletterEmail {
  // Site-relative links and images made absolute, as the feed does, so they work in a mail client.
  const body = absolutizeLinks(newsletter.bodyHtml, frame.siteUrl);
  const company = escapeXml(frame.companyName);
  const address = escapeXml(frame.postalAddress);
  const site = escapeXml(frame.siteUrl.replace(/^https?:\/\//, ""));
  const manageUrl = unsubscribeUrl ? getManageUrl(unsubscribeUrl) : undefined;
  const unsubscribe = unsubscribeUrl
    ? `<a style="${styles.link}" href="${escapeXml(manageUrl ?? "")}">Choose your topics</a> or <a style="${styles.link}" href="${escapeXml(unsubscribeUrl)}">unsubscribe</a> with one click.`
    : "Each subscriber's copy has their own links to choose topics and to unsubscribe with one click here.";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeXml(newsletter.subject)}</title></head>
<body style="${styles.body}"><div style="${styles.outer}"><div style="${styles.card}">
<div style="${styles.header}">${company}</div>
<div style="${styles.content}"><h1 style="${styles.title}">${escapeXml(newsletter.subject)}</h1>
${styleContent(body)}</div>
<div style="${styles.footer}"><p style="margin:0 0 8px;">You receive this newsletter because you subscribed at <a style="${styles.link}" href="${escapeXml(frame.siteUrl)}">${site}</a>. ${unsubscribe}</p>
<p style="margin:0;">${company} · ${address}</p></div>
</div></div></body></html>`;
  const text = [
    newsletter.subject,
    "",
    toPlainText(body),
    "",
    "--",
    `You receive this newsletter because you subscribed at ${frame.siteUrl}.`,
    ...(unsubscribeUrl
      ? [`Choose your topics: ${manageUrl}`, `Unsubscribe: ${unsubscribeUrl}`]
      : ["Each subscriber's copy has their own links to choose topics and to unsubscribe here."]),
    `${frame.companyName} · ${frame.postalAddress}`,
  ].join("\n");
  return {
    html,
    text,
    headers: unsubscribeUrl
      ? {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
      : undefined,
  };
}
