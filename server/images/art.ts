// The generated art of the source images: SVG drawings (gradients, soft light, one motif per news
// theme, no text) that sharp turns into JPEGs. Deterministic: the drawing depends only on the spec.
import { Random, hashString } from "../content/seed/random";
import { IMAGE_THEMES, imageThemes, type ImageTheme, type MotifName, type SourceImageSpec } from "./catalog";

const f = (n: number) => (Math.round(n * 10) / 10).toString();

interface Palette {
  dark: string;
  mid: string;
  accent: string;
}

function palette(theme: ImageTheme): Palette {
  const [dark, mid, accent] = IMAGE_THEMES[theme].colors;
  return { dark, mid, accent };
}

/** A motif drawn around (0,0) in a box of about 600×600; `ink` is the light colour, `accent` the theme's. */
function motif(name: MotifName, r: Random, ink: string, accent: string): string {
  switch (name) {
    case "capitol": {
      const columns = Array.from({ length: 6 }, (_, i) => `<rect x="${-225 + i * 80}" y="-20" width="34" height="210" rx="4"/>`).join("");
      return `<g fill="${ink}" fill-opacity="0.85">
        <path d="M-300 -40 L0 -150 L300 -40 Z"/>
        <path d="M-150 -150 A150 150 0 0 1 150 -150 Z" fill="${accent}" fill-opacity="0.9"/>
        <rect x="-14" y="-330" width="28" height="40"/>
        ${columns}
        <rect x="-290" y="-40" width="580" height="22"/>
        <rect x="-310" y="190" width="620" height="24"/><rect x="-340" y="214" width="680" height="26"/></g>`;
    }
    case "map": {
      const ridge = (y: number, amp: number) =>
        `M-320 ${y} ` + Array.from({ length: 9 }, (_, i) => `L${-320 + (i + 1) * 80} ${f(y - r.float(0, amp))}`).join(" ");
      return `<g fill="none" stroke="${ink}" stroke-width="10" stroke-linejoin="round" stroke-opacity="0.7">
        <path d="${ridge(120, 160)}"/><path d="${ridge(200, 120)}" stroke-opacity="0.45"/></g>
        <g transform="translate(${f(r.float(-120, 120))} -40)"><path d="M0 120 C-40 40 -90 0 -90 -60 A90 90 0 0 1 90 -60 C90 0 40 40 0 120 Z" fill="${accent}"/>
        <circle cy="-60" r="34" fill="${ink}"/></g>`;
    }
    case "scales":
      return `<g fill="${ink}" fill-opacity="0.85" stroke="${ink}" stroke-width="6">
        <rect x="-10" y="-240" width="20" height="440"/><rect x="-260" y="-220" width="520" height="16" rx="8"/>
        <rect x="-110" y="200" width="220" height="30" rx="10"/><circle cy="-250" r="26" fill="${accent}" stroke="none"/>
        <path d="M-230 -204 L-300 20 M-230 -204 L-160 20 M230 -204 L160 20 M230 -204 L300 20" fill="none"/>
        <path d="M-310 20 A80 40 0 0 0 -150 20 Z" fill="${accent}"/><path d="M150 20 A80 40 0 0 0 310 20 Z" fill="${accent}"/></g>`;
    case "chart": {
      const bars = Array.from({ length: 6 }, (_, i) => {
        const h = 90 + i * 45 + r.float(-30, 30);
        return `<rect x="${-300 + i * 100}" y="${f(220 - h)}" width="64" height="${f(h)}" rx="6"/>`;
      }).join("");
      const points = Array.from({ length: 7 }, (_, i) => `${-300 + i * 100},${f(120 - i * 55 + r.float(-35, 35))}`);
      return `<g fill="${ink}" fill-opacity="0.8">${bars}</g>
        <polyline points="${points.join(" ")}" fill="none" stroke="${accent}" stroke-width="14" stroke-linejoin="round" stroke-linecap="round"/>
        ${points.map((p) => `<circle cx="${p.split(",")[0]}" cy="${p.split(",")[1]}" r="14" fill="${accent}"/>`).join("")}
        <rect x="-330" y="222" width="660" height="8" fill="${ink}"/>`;
    }
    case "globe":
      return `<g fill="none" stroke="${ink}" stroke-width="8" stroke-opacity="0.85">
        <circle r="250" fill="${accent}" fill-opacity="0.18"/>
        <ellipse rx="90" ry="250"/><ellipse rx="175" ry="250"/><line x1="0" y1="-250" x2="0" y2="250"/>
        <ellipse ry="80" rx="235" /><line x1="-250" y1="0" x2="250" y2="0"/><ellipse ry="170" rx="250" stroke-opacity="0.4"/></g>`;
    case "ball": {
      const spokes = Array.from({ length: 5 }, (_, i) => {
        const a = (i * 72 - 90) * (Math.PI / 180);
        return `M${f(Math.cos(a) * 70)} ${f(Math.sin(a) * 70)} L${f(Math.cos(a) * 200)} ${f(Math.sin(a) * 200)}`;
      }).join(" ");
      const pentagon = Array.from({ length: 5 }, (_, i) => {
        const a = (i * 72 - 90) * (Math.PI / 180);
        return `${f(Math.cos(a) * 75)},${f(Math.sin(a) * 75)}`;
      }).join(" ");
      return `<circle r="210" fill="${ink}"/><polygon points="${pentagon}" fill="#1b1b1b"/>
        <path d="${spokes}" stroke="#1b1b1b" stroke-width="10"/><circle r="210" fill="none" stroke="#1b1b1b" stroke-width="6" stroke-opacity="0.5"/>`;
    }
    case "circuit": {
      let paths = "";
      for (let i = 0; i < 14; i++) {
        let x = r.int(-6, 6) * 50;
        let y = r.int(-6, 6) * 50;
        let d = `M${x} ${y}`;
        for (let s = 0; s < 4; s++) {
          if (r.chance(0.5)) x += r.pick([-100, -50, 50, 100]);
          else y += r.pick([-100, -50, 50, 100]);
          d += ` L${x} ${y}`;
        }
        paths += `<path d="${d}"/><circle cx="${x}" cy="${y}" r="12" fill="${accent}" stroke="none"/>`;
      }
      return `<g fill="none" stroke="${ink}" stroke-width="6" stroke-opacity="0.75" stroke-linejoin="round">${paths}</g>
        <rect x="-80" y="-80" width="160" height="160" rx="18" fill="${accent}" fill-opacity="0.9"/>`;
    }
    case "record":
      return `<circle r="260" fill="#111"/>${[230, 200, 170, 140].map((rad) => `<circle r="${rad}" fill="none" stroke="#333" stroke-width="4"/>`).join("")}
        <circle r="90" fill="${accent}"/><circle r="12" fill="#111"/>
        <path d="M-240 -60 A250 250 0 0 1 -60 -240" fill="none" stroke="${ink}" stroke-opacity="0.35" stroke-width="14" stroke-linecap="round"/>`;
    case "spotlight": {
      const cones = [-1, 0, 1]
        .map((k) => `<polygon points="${k * 220 - 40},-420 ${k * 220 + 40},-420 ${k * 120 + 230},320 ${k * 120 - 230},320" fill="${ink}" fill-opacity="0.13"/>`)
        .join("");
      const stars = Array.from({ length: 9 }, () => {
        const x = r.float(-320, 320);
        const y = r.float(-260, 260);
        const s = r.float(8, 22);
        return `<path d="M${f(x)} ${f(y - s)} L${f(x + s / 4)} ${f(y - s / 4)} L${f(x + s)} ${f(y)} L${f(x + s / 4)} ${f(y + s / 4)} L${f(x)} ${f(y + s)} L${f(x - s / 4)} ${f(y + s / 4)} L${f(x - s)} ${f(y)} L${f(x - s / 4)} ${f(y - s / 4)} Z" fill="${accent}"/>`;
      }).join("");
      return `${cones}${stars}<ellipse cy="320" rx="330" ry="40" fill="${accent}" fill-opacity="0.5"/>`;
    }
    case "pulse":
      return `<g fill="${ink}" fill-opacity="0.9"><rect x="-60" y="-200" width="120" height="400" rx="18"/><rect x="-200" y="-60" width="400" height="120" rx="18"/></g>
        <polyline points="-480,0 -260,0 -220,-90 -170,110 -120,-160 -80,0 80,0 120,-70 150,60 190,0 480,0" fill="none" stroke="${accent}" stroke-width="14" stroke-linejoin="round" stroke-opacity="0.95"/>`;
    case "book":
      return `<g stroke="${ink}" stroke-width="6" fill="${ink}" fill-opacity="0.85">
        <path d="M0 -150 C-90 -200 -220 -200 -300 -160 L-300 180 C-220 140 -90 140 0 190 Z"/>
        <path d="M0 -150 C90 -200 220 -200 300 -160 L300 180 C220 140 90 140 0 190 Z" fill-opacity="0.7"/></g>
        <g stroke="${accent}" stroke-width="8" stroke-linecap="round">${[-90, -40, 10, 60]
          .map((y) => `<line x1="-250" y1="${y}" x2="-60" y2="${y + 12}"/><line x1="60" y1="${y + 12}" x2="250" y2="${y}"/>`)
          .join("")}</g>`;
    case "leaves":
      return Array.from({ length: 7 }, (_, i) => {
        const angle = i * 51 + r.float(-12, 12);
        const len = r.float(160, 260);
        return `<g transform="rotate(${f(angle)})"><path d="M0 0 C${f(len * 0.3)} ${f(-len * 0.35)} ${f(len * 0.8)} ${f(-len * 0.3)} ${f(len)} 0 C${f(len * 0.8)} ${f(len * 0.3)} ${f(len * 0.3)} ${f(len * 0.35)} 0 0 Z" fill="${i % 2 ? ink : accent}" fill-opacity="0.8"/>
          <line x1="0" y1="0" x2="${f(len)}" y2="0" stroke="#000" stroke-opacity="0.2" stroke-width="4"/></g>`;
      }).join("");
    case "waves":
      return `<circle cx="120" cy="-150" r="120" fill="${accent}"/>${[0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M-500 ${60 + i * 60} q 62.5 -40 125 0 t 125 0 t 125 0 t 125 0 t 125 0 t 125 0 t 125 0 t 125 0 V 400 H -500 Z" fill="${ink}" fill-opacity="${f(0.18 + i * 0.12)}"/>`,
        )
        .join("")}`;
    case "hanger":
      return `<g fill="none" stroke="${ink}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round">
        <path d="M-40 -210 A40 40 0 1 1 0 -170 L0 -120"/><path d="M0 -120 L-300 60 H300 Z"/></g>
        ${[0, 1, 2].map((i) => `<path d="M-300 ${120 + i * 50} C-150 ${80 + i * 50} -50 ${170 + i * 50} 100 ${120 + i * 50} S 250 ${90 + i * 50} 320 ${130 + i * 50}" fill="none" stroke="${accent}" stroke-width="18" stroke-opacity="${f(0.9 - i * 0.25)}"/>`).join("")}`;
    case "petals":
      return `${Array.from({ length: 8 }, (_, i) => `<ellipse rx="70" ry="170" transform="rotate(${i * 45}) translate(0 -150)" fill="${i % 2 ? ink : accent}" fill-opacity="0.75"/>`).join("")}
        <circle r="75" fill="${ink}"/>`;
    case "plate":
      return `<circle r="240" fill="${ink}" fill-opacity="0.95"/><circle r="180" fill="none" stroke="${accent}" stroke-width="10"/>
        <circle cx="${f(r.float(-50, 50))}" cy="${f(r.float(-40, 40))}" r="${f(r.float(70, 110))}" fill="${accent}" fill-opacity="0.75"/>
        <g fill="${ink}"><rect x="-340" y="-200" width="20" height="400" rx="10"/><rect x="-372" y="-200" width="12" height="120" rx="6"/><rect x="-300" y="-200" width="12" height="120" rx="6"/>
        <path d="M320 200 V-200 C370 -150 370 -40 340 0 V200 Z"/></g>`;
    case "hills": {
      const rays = Array.from({ length: 10 }, (_, i) => {
        const a = (i * 36 * Math.PI) / 180;
        return `<line x1="${f(200 + Math.cos(a) * 110)}" y1="${f(-160 + Math.sin(a) * 110)}" x2="${f(200 + Math.cos(a) * 160)}" y2="${f(-160 + Math.sin(a) * 160)}"/>`;
      }).join("");
      return `<circle cx="200" cy="-160" r="85" fill="${accent}"/><g stroke="${accent}" stroke-width="10" stroke-linecap="round">${rays}</g>
        <path d="M-500 120 C-300 -40 -150 -20 0 80 S 300 0 500 60 V400 H-500 Z" fill="${ink}" fill-opacity="0.45"/>
        <path d="M-500 220 C-250 90 -50 140 150 200 S 400 150 500 170 V400 H-500 Z" fill="${ink}" fill-opacity="0.75"/>`;
    }
    case "podium":
      return `<path d="M-200 80 H200 L170 300 H-170 Z" fill="${ink}" fill-opacity="0.9"/><rect x="-230" y="50" width="460" height="40" rx="8" fill="${accent}"/>
        <rect x="-12" y="-120" width="24" height="170" fill="${ink}"/><rect x="-40" y="-250" width="80" height="140" rx="40" fill="${accent}"/>
        ${Array.from({ length: 9 }, (_, i) => `<circle cx="${-400 + i * 100}" cy="380" r="46" fill="#000" fill-opacity="0.35"/>`).join("")}`;
    case "play":
      return `<rect x="-300" y="-190" width="600" height="380" rx="36" fill="${ink}" fill-opacity="0.12" stroke="${ink}" stroke-width="8"/>
        <circle r="110" fill="${accent}"/><path d="M-35 -60 L65 0 L-35 60 Z" fill="${ink}"/>
        ${Array.from({ length: 8 }, (_, i) => `<rect x="${-280 + i * 72}" y="-175" width="40" height="24" rx="4" fill="${ink}" fill-opacity="0.5"/><rect x="${-280 + i * 72}" y="151" width="40" height="24" rx="4" fill="${ink}" fill-opacity="0.5"/>`).join("")}`;
    case "quote":
      return `<g fill="${accent}"><circle cx="-120" cy="-60" r="80"/><path d="M-60 -10 C-70 90 -130 150 -200 170 C-150 110 -140 60 -150 20 Z"/>
        <circle cx="120" cy="-60" r="80"/><path d="M180 -10 C170 90 110 150 40 170 C90 110 100 60 90 20 Z"/></g>
        <g fill="${ink}" fill-opacity="0.6">${[220, 260, 300].map((y, i) => `<rect x="-260" y="${y}" width="${520 - i * 120}" height="18" rx="9"/>`).join("")}</g>`;
  }
}

function softLights(r: Random, width: number, height: number, colors: string[], count: number): string {
  return Array.from({ length: count }, () => {
    const color = r.pick(colors);
    return `<circle cx="${f(r.float(0, width))}" cy="${f(r.float(0, height))}" r="${f(r.float(40, 280))}" fill="${color}" fill-opacity="${f(r.float(0.04, 0.16))}"/>`;
  }).join("");
}

function defs(p: Palette, r: Random): string {
  const angle = r.float(0, 1);
  return `<defs>
    <linearGradient id="bg" x1="0" y1="${f(angle)}" x2="1" y2="${f(1 - angle)}"><stop offset="0" stop-color="${p.dark}"/><stop offset="1" stop-color="${p.mid}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
    <radialGradient id="vignette" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.45"/></radialGradient>
  </defs>`;
}

function photoSvg(spec: SourceImageSpec, r: Random): string {
  const theme = spec.theme ?? "nacion";
  const p = palette(theme);
  const { width, height } = spec;
  const cx = r.float(width * 0.35, width * 0.65);
  const cy = r.float(height * 0.42, height * 0.58);
  const scale = r.float(1.0, 1.25);
  const tilt = r.float(-6, 6);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(p, r)}
    <rect width="${width}" height="${height}" fill="url(#bg)"/>
    ${softLights(r, width, height, [p.accent, "#ffffff", p.mid], 9)}
    <circle cx="${f(cx)}" cy="${f(cy)}" r="${f(height * 0.6)}" fill="url(#glow)"/>
    <polygon points="${f(r.float(0, width))},0 ${f(r.float(0, width))},0 ${f(r.float(0, width))},${height} ${f(r.float(0, width))},${height}" fill="#fff" fill-opacity="0.05"/>
    <g transform="translate(${f(cx)} ${f(cy)}) scale(${f(scale)}) rotate(${f(tilt)})">${motif(IMAGE_THEMES[theme].motif, r, "#ffffff", p.accent)}</g>
    <rect width="${width}" height="${height}" fill="url(#vignette)"/></svg>`;
}

function coverSvg(spec: SourceImageSpec, r: Random, index: number): string {
  const theme = imageThemes[(index * 7) % imageThemes.length];
  const p = palette(theme);
  const { width, height } = spec;
  const lines = Array.from(
    { length: 4 },
    (_, i) => `<rect x="90" y="${1240 + i * 58}" width="${f(r.float(520, 1000))}" height="30" rx="6" fill="#fff" fill-opacity="${i === 0 ? 0.95 : 0.6}"/>`,
  ).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${defs(p, r)}
    <rect width="${width}" height="${height}" fill="url(#bg)"/>${softLights(r, width, height, [p.accent, "#ffffff"], 8)}
    <rect x="0" y="0" width="${width}" height="230" fill="#c8102e"/><rect x="90" y="60" width="${f(r.float(560, 760))}" height="110" rx="10" fill="#fff"/>
    <circle cx="${width / 2}" cy="760" r="420" fill="url(#glow)"/>
    <g transform="translate(${width / 2} 760) scale(1.15)">${motif(IMAGE_THEMES[theme].motif, r, "#ffffff", p.accent)}</g>
    <rect x="0" y="1180" width="${width}" height="420" fill="#000" fill-opacity="0.45"/>${lines}</svg>`;
}

const SKIN = ["#8d5524", "#a86b3c", "#c68642", "#e0ac69", "#f1c27d", "#ffdbac"];
const HAIR = ["#090806", "#2c222b", "#3b3024", "#6a4e42", "#a7856a", "#b7a69e"];
const CLOTHES = ["#1d3557", "#264653", "#6d597a", "#b56576", "#2a9d8f", "#e76f51", "#3a5a40", "#22223b"];

function portraitSvg(spec: SourceImageSpec, r: Random, index: number): string {
  const p = palette(imageThemes[(index * 3) % imageThemes.length]);
  const skin = r.pick(SKIN);
  const hair = r.pick(HAIR);
  const clothes = r.pick(CLOTHES);
  const style = index % 4; // short, long, bun, close-cropped
  const longHair = style === 1 ? `<path d="M250 320 C240 520 255 600 275 650 H525 C545 600 560 520 550 320 Z" fill="${hair}"/>` : "";
  const hairBack =
    style === 3 ? `<ellipse cx="400" cy="345" rx="136" ry="162" fill="${hair}"/>` : `<ellipse cx="400" cy="322" rx="150" ry="176" fill="${hair}"/>`;
  const fringe = style === 3 ? "" : `<path d="M268 345 C262 150 538 150 532 345 C490 262 310 262 268 345 Z" fill="${hair}"/>`;
  const bun = style === 2 ? `<circle cx="400" cy="150" r="62" fill="${hair}"/>` : "";
  const glasses = r.chance(0.3)
    ? `<g fill="none" stroke="#111" stroke-width="7"><circle cx="352" cy="370" r="34"/><circle cx="448" cy="370" r="34"/><line x1="386" y1="370" x2="414" y2="370"/></g>`
    : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 800 800">${defs(p, r)}
    <rect width="800" height="800" fill="url(#bg)"/>${softLights(r, 800, 800, [p.accent, "#ffffff"], 5)}
    ${longHair}${bun}${hairBack}<path d="M130 800 C140 620 260 560 400 560 C540 560 660 620 670 800 Z" fill="${clothes}"/>
    <path d="M350 470 H450 V580 C420 600 380 600 350 580 Z" fill="${skin}"/><path d="M360 560 L400 620 L440 560" fill="none" stroke="#fff" stroke-opacity="0.5" stroke-width="10"/>
    <ellipse cx="400" cy="360" rx="128" ry="150" fill="${skin}"/>${fringe}${glasses}
    <rect width="800" height="800" fill="url(#vignette)"/></svg>`;
}

function iconSvg(spec: SourceImageSpec, r: Random, index: number): string {
  const p = palette(imageThemes[(index * 5 + 2) % imageThemes.length]);
  const background = spec.hover ? p.accent : p.dark;
  const ring = spec.hover ? p.dark : p.accent;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${spec.width}" height="${spec.height}" viewBox="0 0 600 600">
    <rect width="600" height="600" fill="${background}"/>${softLights(r, 600, 600, ["#ffffff", ring], 4)}
    <circle cx="300" cy="300" r="210" fill="none" stroke="${ring}" stroke-width="26"/>
    <circle cx="300" cy="300" r="150" fill="${ring}" fill-opacity="0.25"/><path d="M255 215 L400 300 L255 385 Z" fill="#ffffff"/></svg>`;
}

/** The SVG drawing of one catalogue image. */
export function imageSvg(spec: SourceImageSpec): string {
  const r = new Random(hashString(spec.name));
  const index = Number(/(\d+)$/.exec(spec.name)?.[1] ?? hashString(spec.name) % 97);
  switch (spec.kind) {
    case "photo":
      return photoSvg(spec, r);
    case "cover":
      return coverSvg(spec, r, index);
    case "portrait":
      return portraitSvg(spec, r, index);
    case "icon":
      return iconSvg(spec, r, hashString(spec.name.replace(/-hover$/, "")));
  }
}
