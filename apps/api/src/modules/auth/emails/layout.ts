/** The partner's look in an e-mail: its name and brand colour (spec section 3, App config). */
export type EmailBrand = { partnerName: string; brandColor: string; ctaLabelColor: string };

export type RenderedEmail = { subject: string; text: string; html: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** A plain, table-free layout that mail clients render: one heading, paragraphs, one button. */
export const renderLayout = (
  brand: EmailBrand,
  parts: { heading: string; paragraphs: string[]; action?: { label: string; url: string }; code?: string },
): string => {
  const paragraphs = parts.paragraphs.map((text) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`).join('');
  const code = parts.code
    ? `<p style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:8px 0 24px">${escapeHtml(parts.code)}</p>`
    : '';
  const action = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="background:${brand.brandColor};color:${brand.ctaLabelColor};padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block">${escapeHtml(parts.action.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#0f172a;margin:0;padding:24px">
<div style="border-top:6px solid ${brand.brandColor};max-width:560px;margin:0 auto;padding-top:16px">
<p style="font-weight:bold;color:${brand.brandColor};margin:0 0 24px">${escapeHtml(brand.partnerName)}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escapeHtml(parts.heading)}</h1>${code}${paragraphs}${action}
<p style="color:#64748b;font-size:12px;margin-top:32px">Dein ${escapeHtml(brand.partnerName)}-Team</p>
</div></body></html>`;
};

/**
 * One German e-mail from its parts: the plain text and the HTML say the same (every mail the
 * product sends has both, issue 19). The text ends with the link where the HTML has its button.
 */
export const composeEmail = (
  brand: EmailBrand,
  parts: { subject: string; heading?: string; paragraphs: string[]; action?: { label: string; url: string } },
): RenderedEmail => {
  const heading = parts.heading ?? parts.subject;
  const action = parts.action ? [`${parts.action.label}: ${parts.action.url}`] : [];
  return {
    subject: parts.subject,
    text: [heading, ...parts.paragraphs, ...action, `Dein ${brand.partnerName}-Team`].join('\n\n'),
    html: renderLayout(brand, {
      heading,
      paragraphs: parts.paragraphs,
      ...(parts.action ? { action: parts.action } : {}),
    }),
  };
};
