/** HTML-escapes text for element content and quoted attribute values (the sandboxes' pages). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
