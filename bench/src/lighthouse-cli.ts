// `npm run lighthouse [-- /pricing /about]`: the Lighthouse table alone (build the site first).
import { PUBLIC_PAGES, runLighthouse } from './lighthouse.ts';

const pages = process.argv.slice(2).filter((argument) => argument.startsWith('/'));
await runLighthouse(pages.length > 0 ? pages : PUBLIC_PAGES);
