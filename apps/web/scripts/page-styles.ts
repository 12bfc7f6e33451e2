// Each public page's stylesheet: from Mantine's styles, the notifications' and the dropzone's, and the
// app's own CSS modules, the rules whose classes the page can carry (those in its HTML, and those its
// islands' scripts can set), plus every rule that needs no class (the baseline, the CSS variables,
// keyframes). Mantine's rules stay inside its `mantine` cascade layer, so the app's own rules win over
// them whatever the order.
import { transform } from 'lightningcss';
import postcss, { type AtRule, type Root, type Rule } from 'postcss';

/** Class names in an HTML text (the values of its class attributes). */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\bclass="([^"]*)"/g)) {
    for (const name of (match[1] ?? '').split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

/** Every word of a script that could be a class name (Mantine's and CSS modules' classes are string literals). */
export function wordsInScript(code: string): Set<string> {
  return new Set(code.match(/[A-Za-z_][\w-]*/g) ?? []);
}

/**
 * The classes an element must carry for `selector` to match it, ignoring what sits inside functional
 * pseudo-classes (`:not(.a)` asks for the absence of a class, `:where(.a, .b)` for one of several):
 * read character by character, no pattern that could backtrack.
 */
export function requiredClasses(selector: string): string[] {
  let depth = 0;
  let outside = '';
  for (const char of selector) {
    if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0) outside += char;
  }
  return [...outside.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map((match) => match[1]!);
}

/** Mantine's global utility classes (`mantine-visible-from-md`, `mantine-focus-auto`…) are set from template strings: always kept. */
const isGlobalUtility = (name: string) => name.startsWith('mantine-');

/** Keeps `css`'s rules that can match an element with the `available` classes; drops emptied at-rules. */
export function selectRules(css: string, available: ReadonlySet<string>): string {
  const root: Root = postcss.parse(css);
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as AtRule).name)) return;
    const kept = rule.selectors.filter((selector) =>
      requiredClasses(selector).every((name) => available.has(name) || isGlobalUtility(name)),
    );
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  // Innermost first, so an at-rule emptied by its emptied children goes too.
  const atRules: AtRule[] = [];
  root.walkAtRules((atRule) => {
    atRules.push(atRule);
  });
  for (const atRule of atRules.reverse()) {
    if (atRule.nodes !== undefined && atRule.nodes.length === 0) atRule.remove();
  }
  return root.toString();
}

/** Minified, for the page's inline <style>. */
export function minifyCss(css: string): string {
  const { code } = transform({ filename: 'page.css', code: Buffer.from(css), minify: true });
  return code.toString();
}
