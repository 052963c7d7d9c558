// Draws the raster figures of the blog posts, offline, from SVG composed here: a PNG
// screenshot of a bug report and a JPEG photo-like picture of a tester's desk. The outputs are
// committed under content/images/posts/; run again after changing a drawing:
//
//   node --import tsx tests/tools/draw-figures.ts
//
// Text uses Liberation Sans and DejaVu Sans Mono (Debian's fonts-liberation and fonts-dejavu),
// so a machine without them draws the same figures in other fonts.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const postsImages = path.join(import.meta.dirname, '..', '..', 'content', 'images', 'posts');
const sans = "'Liberation Sans', 'DejaVu Sans', sans-serif";
const mono = "'DejaVu Sans Mono', monospace";

/** Escapes text for SVG. */
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function text(x: number, y: number, content: string, style: string): string {
  return `<text x="${x}" y="${y}" xml:space="preserve" style="${style}">${esc(content)}</text>`;
}

/** A labelled section of the report: a small caps heading and its lines. */
function section(
  x: number,
  y: number,
  heading: string,
  lines: string[],
  lineStyle = `font: 15px ${sans}; fill: #1e293b`,
): string {
  return [
    text(x, y, heading.toUpperCase(), `font: bold 12px ${sans}; fill: #64748b; letter-spacing: 1px`),
    ...lines.map((line, i) => text(x, y + 24 + i * 22, line, lineStyle)),
  ].join('');
}

function pill(x: number, y: number, label: string, fill: string, color: string): string {
  const width = 16 + label.length * 6.9;
  return `<rect x="${x}" y="${y}" width="${width}" height="24" rx="12" fill="${fill}"/>${text(x + 8, y + 16.5, label, `font: bold 12.5px ${sans}; fill: ${color}`)}`;
}

/** The bug report screenshot: an issue page of a tracker, filled in from the post's template. */
function bugReportSvg(): string {
  const width = 1200;
  const height = 780;
  const steps = [
    '1. Sign in as a returning customer and add "Trail Runner 2" (€119.90) to the cart.',
    '2. At checkout, apply the code SPRING20: the total shows −€24.00 (€103.90 with Standard).',
    '3. Change shipping from Standard to Express.',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="#e2e8f0"/>
  <rect x="0" y="0" width="${width}" height="44" fill="#cbd5e1"/>
  <circle cx="22" cy="22" r="6" fill="#ef4444"/><circle cx="42" cy="22" r="6" fill="#f59e0b"/><circle cx="62" cy="22" r="6" fill="#22c55e"/>
  <rect x="240" y="10" width="720" height="24" rx="12" fill="#f8fafc"/>
  ${text(262, 27, 'tracker.example.test/projects/SHOP/issues/QA-1423', `font: 13px ${sans}; fill: #475569`)}
  <rect x="0" y="44" width="${width}" height="52" fill="#0f172a"/>
  ${text(28, 77, 'SHOP  ›  Issues  ›  QA-1423', `font: bold 15px ${sans}; fill: #e2e8f0`)}
  ${pill(1040, 58, 'Open', '#4f46e5', '#ffffff')}${pill(1100, 58, 'Bug', '#fee2e2', '#b91c1c')}
  <rect x="24" y="116" width="780" height="640" rx="10" fill="#ffffff" stroke="#cbd5e1"/>
  ${text(48, 158, 'Discount removed when changing shipping method at checkout', `font: bold 23px ${sans}; fill: #0f172a`)}
  ${pill(48, 174, 'Checkout', '#e0e7ff', '#3730a3')}${pill(136, 174, 'Promotions', '#e0e7ff', '#3730a3')}${pill(242, 174, 'Suggested severity: High (to confirm)', '#fef3c7', '#92400e')}
  ${section(48, 236, 'Summary', ['Changing the shipping method drops an applied promo code, so the customer pays full price.'])}
  ${section(48, 306, 'Environment', ['Build web 2024.02.19-rc1 · staging · Chrome 121 on macOS 14', 'Returning customer · flag new-shipping-rates on'])}
  ${section(48, 398, 'Steps to reproduce', steps)}
  <rect x="48" y="494" width="360" height="96" rx="8" fill="#f0fdf4" stroke="#bbf7d0"/>
  ${section(64, 520, 'Expected result', ['Discount stays applied.', 'Total €108.90 with Express (+€5.00).'])}
  <rect x="424" y="494" width="360" height="96" rx="8" fill="#fef2f2" stroke="#fecaca"/>
  ${section(440, 520, 'Actual result', ['Discount line disappears, no message.', 'Total €132.90 with Express.'])}
  ${section(48, 624, 'Impact', ['Every order that changes shipping after a promo code: 1 in 9 checkouts last week.', 'Workaround: enter the code again after choosing shipping.'])}
  ${text(48, 730, 'Drafted with AI from the tester’s notes · steps re-run by M. Okafor before filing', `font: italic 13px ${sans}; fill: #64748b`)}
  <rect x="824" y="116" width="352" height="640" rx="10" fill="#ffffff" stroke="#cbd5e1"/>
  ${text(848, 152, 'Evidence', `font: bold 18px ${sans}; fill: #0f172a`)}
  ${['trace.zip  ·  Playwright trace, 2.1 MB', 'video.webm  ·  0:42', 'checkout-express.png'].map((file, i) => `<rect x="848" y="${172 + i * 46}" width="304" height="36" rx="6" fill="#f1f5f9"/>${text(862, 195 + i * 46, file, `font: 14px ${sans}; fill: #334155`)}`).join('')}
  ${text(848, 334, 'FAILING REQUEST', `font: bold 12px ${sans}; fill: #64748b; letter-spacing: 1px`)}
  <rect x="848" y="346" width="304" height="150" rx="6" fill="#0f172a"/>
  ${['PATCH /api/cart/8841/shipping', '← 422 Unprocessable Entity', '{', '  "error":', '  "promo_revalidation_failed",', '  "code": "SPRING20"', '}'].map((line, i) => text(862, 370 + i * 18, line, `font: 13px ${mono}; fill: ${i === 1 ? '#fca5a5' : '#e2e8f0'}`)).join('')}
  ${text(848, 528, 'CONSOLE', `font: bold 12px ${sans}; fill: #64748b; letter-spacing: 1px`)}
  <rect x="848" y="540" width="304" height="58" rx="6" fill="#fef2f2"/>
  ${text(860, 564, 'Uncaught (in promise) Error:', `font: 13px ${mono}; fill: #b91c1c`)}
  ${text(860, 584, 'promo revalidation failed', `font: 13px ${mono}; fill: #b91c1c`)}
  ${text(848, 632, 'LINKED', `font: bold 12px ${sans}; fill: #64748b; letter-spacing: 1px`)}
  ${text(848, 656, 'e2e/checkout/promo.spec.ts', `font: 14px ${mono}; fill: #4338ca`)}
  ${text(848, 680, 'fails in CI since rc1 (3 of 3 runs)', `font: 14px ${sans}; fill: #334155`)}
</svg>`;
}

/** A tester's desk in daylight: a laptop showing a session charter, a phone and a tablet on stands, sticky notes. */
function deskSvg(width: number, height: number): string {
  const noteColors = ['#fde68a', '#fbcfe8', '#bbf7d0'];
  const notes = ['rounding?', 'JPY: no cents', '2 admins'];
  const charter = [
    'charter: invoice edits + partial refunds',
    'timebox: 60m',
    'risks:',
    '- EUR / JPY rounding',
    '- refund after discount',
    '- two admins at once',
    'notes:',
    '10:14 refund total off by 0.01',
    '10:22 JPY export shows .00',
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 1067">
  <defs>
    <linearGradient id="wall" x1="0" y1="0" x2="1" y2="0.3"><stop offset="0" stop-color="#f4efe6"/><stop offset="0.55" stop-color="#e6ddd0"/><stop offset="1" stop-color="#b9ad9c"/></linearGradient>
    <linearGradient id="window" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffdf6"/><stop offset="1" stop-color="#eae4d4"/></linearGradient>
    <linearGradient id="desk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b07a4f"/><stop offset="1" stop-color="#6f4528"/></linearGradient>
    <linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e293b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
    <linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d1d5db"/><stop offset="1" stop-color="#9ca3af"/></linearGradient>
    <radialGradient id="light" cx="0.2" cy="0.25" r="0.8"><stop offset="0" stop-color="#fff8e7" stop-opacity="0.75"/><stop offset="1" stop-color="#fff8e7" stop-opacity="0"/></radialGradient>
    <filter id="far"><feGaussianBlur stdDeviation="14"/></filter>
    <filter id="soft"><feGaussianBlur stdDeviation="2.2"/></filter>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="160%"><feGaussianBlur stdDeviation="18"/></filter>
  </defs>
  <rect width="1600" height="1067" fill="url(#wall)"/>
  <g filter="url(#far)">
    <rect x="90" y="60" width="520" height="520" fill="url(#window)"/>
    <rect x="340" y="60" width="18" height="520" fill="#d6cbb8"/><rect x="90" y="310" width="520" height="18" fill="#d6cbb8"/>
    <ellipse cx="1320" cy="330" rx="150" ry="210" fill="#5f7d4e"/><ellipse cx="1380" cy="260" rx="90" ry="140" fill="#7a9a62"/>
    <rect x="1270" y="500" width="110" height="140" rx="12" fill="#a3663f"/>
    <rect x="820" y="120" width="300" height="200" fill="#c9b9a3"/><rect x="845" y="145" width="250" height="150" fill="#8aa3b8"/>
  </g>
  <rect x="0" y="640" width="1600" height="427" fill="url(#desk)"/>
  <g opacity="0.18">${Array.from({ length: 14 }, (_, i) => `<path d="M0 ${660 + i * 30} C 400 ${650 + i * 31}, 1000 ${672 + i * 29}, 1600 ${655 + i * 30}" stroke="#3b2414" stroke-width="${2 + (i % 3)}" fill="none"/>`).join('')}</g>
  <ellipse cx="760" cy="900" rx="480" ry="60" fill="#2b1a0e" opacity="0.45" filter="url(#shadow)"/>
  <path d="M380 880 L1140 880 L1210 930 L310 930 Z" fill="url(#metal)"/>
  <rect x="420" y="380" width="680" height="500" rx="18" fill="#374151"/>
  <rect x="440" y="400" width="640" height="460" rx="6" fill="url(#screen)"/>
  <g filter="url(#soft)">
    <rect x="440" y="400" width="640" height="40" fill="#334155"/>
    ${charter.map((line, i) => text(470, 480 + i * 38, line, `font: ${i === 0 ? 'bold ' : ''}25px ${mono}; fill: ${line.startsWith('10:') ? '#fbbf24' : line.startsWith('-') ? '#93c5fd' : '#e2e8f0'}`)).join('')}
  </g>
  ${notes.map((note, i) => `<g transform="rotate(${[-4, 3, -2][i]} ${1110 + i * 10} ${420 + i * 95})"><rect x="1080" y="${390 + i * 95}" width="150" height="80" fill="${noteColors[i]}"/>${text(1092, 440 + i * 95, note, `font: 24px ${sans}; fill: #374151`)}</g>`).join('')}
  <ellipse cx="1320" cy="905" rx="150" ry="30" fill="#2b1a0e" opacity="0.4" filter="url(#shadow)"/>
  <path d="M1250 900 L1390 900 L1350 760 L1290 760 Z" fill="#4b5563"/>
  <rect x="1225" y="560" width="210" height="290" rx="22" fill="#111827" transform="rotate(-8 1330 705)"/>
  <rect x="1240" y="578" width="180" height="254" rx="10" fill="#e0e7ff" transform="rotate(-8 1330 705)"/>
  <g transform="rotate(-8 1330 705)" filter="url(#soft)">
    <rect x="1256" y="600" width="148" height="26" rx="5" fill="#4f46e5"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="1256" y="${645 + i * 40}" width="${148 - (i % 2) * 40}" height="16" rx="4" fill="#94a3b8"/>`).join('')}
  </g>
  <ellipse cx="200" cy="910" rx="120" ry="26" fill="#2b1a0e" opacity="0.4" filter="url(#shadow)"/>
  <rect x="150" y="730" width="86" height="170" rx="14" fill="#111827" transform="rotate(6 193 815)"/>
  <rect x="158" y="744" width="70" height="142" rx="6" fill="#fef3c7" transform="rotate(6 193 815)"/>
  <g transform="rotate(6 193 815)" filter="url(#soft)"><rect x="166" y="760" width="54" height="12" rx="3" fill="#f59e0b"/><rect x="166" y="784" width="44" height="8" rx="3" fill="#a8a29e"/><rect x="166" y="800" width="50" height="8" rx="3" fill="#a8a29e"/></g>
  <ellipse cx="300" cy="990" rx="70" ry="18" fill="#2b1a0e" opacity="0.45" filter="url(#shadow)"/>
  <path d="M250 900 L350 900 L340 985 Q300 1000 260 985 Z" fill="#f8fafc"/>
  <ellipse cx="300" cy="900" rx="50" ry="12" fill="#5b3a22"/>
  <path d="M350 920 q40 0 36 30 q-4 26 -40 24" stroke="#f8fafc" stroke-width="10" fill="none"/>
  <rect width="1600" height="1067" fill="url(#light)"/>
</svg>`;
}

/** Film-grain noise, so the picture compresses like a photograph rather than a flat drawing. */
async function withGrain(image: Buffer, width: number, height: number, strength: number): Promise<Buffer> {
  let seed = 20240228;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  const { data } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 3) {
    const grain = (random() + random() - 1) * strength;
    for (let c = 0; c < 3; c++) data[i + c] = Math.max(0, Math.min(255, Math.round(data[i + c]! + grain)));
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .blur(0.5)
    .toBuffer();
}

async function main(): Promise<void> {
  const shot = await sharp(Buffer.from(bugReportSvg()))
    .png({ palette: true, quality: 95, compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(postsImages, 'bug-report-checkout-discount.png'), shot);
  const [width, height] = [1600, 1067];
  const drawn = await sharp(Buffer.from(deskSvg(width, height)))
    .png()
    .toBuffer();
  const grained = await withGrain(drawn, width, height, 16);
  const photo = await sharp(grained, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
  await writeFile(path.join(postsImages, 'exploratory-session-desk.jpg'), photo);
  console.log(
    `bug-report-checkout-discount.png ${(shot.length / 1024).toFixed(0)} KB, exploratory-session-desk.jpg ${(photo.length / 1024).toFixed(0)} KB`,
  );
}

await main();
