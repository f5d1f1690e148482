/**
 * Demo prize artwork, drawn as SVG so the repository holds no binary images. Each picture is a
 * gradient card with a simple emblem and the prize name; the seed writes them into the media
 * folder, from which the gateway serves them on our own origin.
 */
export interface Artwork {
  readonly slug: string
  readonly label: string
  readonly from: string
  readonly to: string
  readonly emblem: 'car' | 'cash' | 'palm' | 'console' | 'watch' | 'kitchen' | 'laptop' | 'bike'
}

const emblems: Record<Artwork['emblem'], string> = {
  car: '<path d="M250 300 l60-70 h180 l70 70 h60 a20 20 0 0 1 20 20 v40 h-460 v-40 a20 20 0 0 1 20 -20z" fill="#fff" opacity=".92"/><circle cx="320" cy="365" r="34" fill="#1b1b1b"/><circle cx="520" cy="365" r="34" fill="#1b1b1b"/><path d="M330 295 l40-50 h60 v50z M450 245 h40 l50 50 h-90z" fill="#9fd3ff"/>',
  cash: '<rect x="250" y="200" width="340" height="180" rx="18" fill="#e9ffe9"/><circle cx="420" cy="290" r="58" fill="#2e7d32"/><text x="420" y="312" font-size="64" text-anchor="middle" fill="#fff" font-family="Arial, sans-serif" font-weight="700">£</text>',
  palm: '<circle cx="560" cy="170" r="56" fill="#ffe27a"/><path d="M400 390 q10-120 0-190" stroke="#6b4226" stroke-width="18" fill="none"/><path d="M400 200 q-90-40-150 10 q80-10 150 -10 q-60-70-140-60 q90 20 140 60 q20-90 100-110 q-60 50-100 110 q90-40 160 0 q-90-10-160 0z" fill="#2e8b57"/><ellipse cx="420" cy="400" rx="260" ry="30" fill="#f5deb3"/>',
  console:
    '<rect x="270" y="230" width="300" height="140" rx="70" fill="#fff"/><circle cx="340" cy="300" r="26" fill="#2b2b2b"/><circle cx="500" cy="285" r="12" fill="#e53935"/><circle cx="525" cy="310" r="12" fill="#1e88e5"/><circle cx="475" cy="310" r="12" fill="#43a047"/><circle cx="500" cy="335" r="12" fill="#fdd835"/>',
  watch:
    '<rect x="385" y="120" width="70" height="320" rx="20" fill="#cfd8dc"/><circle cx="420" cy="280" r="100" fill="#eceff1" stroke="#90a4ae" stroke-width="14"/><circle cx="420" cy="280" r="80" fill="#0d47a1"/><path d="M420 280 v-55 M420 280 h40" stroke="#fff" stroke-width="8" stroke-linecap="round"/>',
  kitchen:
    '<rect x="230" y="190" width="380" height="200" rx="10" fill="#fff"/><rect x="250" y="210" width="110" height="80" fill="#cfd8dc"/><rect x="380" y="210" width="210" height="40" fill="#b0bec5"/><rect x="250" y="300" width="340" height="70" fill="#90a4ae"/><circle cx="430" cy="230" r="8" fill="#37474f"/><circle cx="470" cy="230" r="8" fill="#37474f"/>',
  laptop:
    '<rect x="280" y="170" width="280" height="180" rx="12" fill="#eceff1"/><rect x="298" y="188" width="244" height="144" fill="#263238"/><path d="M240 360 h360 l-30 30 h-300z" fill="#cfd8dc"/>',
  bike: '<circle cx="320" cy="330" r="70" fill="none" stroke="#fff" stroke-width="14"/><circle cx="520" cy="330" r="70" fill="none" stroke="#fff" stroke-width="14"/><path d="M320 330 l70-110 h90 l40 110 M390 220 l60 110 h-130 M470 200 h40" stroke="#fff" stroke-width="12" fill="none" stroke-linejoin="round"/>',
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function renderArtwork(art: Artwork): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="840" height="520" viewBox="0 0 840 520" role="img" aria-label="${escapeXml(art.label)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="840" height="520" fill="url(#g)"/>
<circle cx="110" cy="90" r="160" fill="#fff" opacity=".06"/><circle cx="760" cy="470" r="200" fill="#fff" opacity=".07"/>
${emblems[art.emblem]}
<text x="420" y="478" font-size="34" text-anchor="middle" fill="#fff" font-family="Arial, Helvetica, sans-serif" font-weight="700">${escapeXml(art.label)}</text>
</svg>
`
}
