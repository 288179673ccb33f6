/**
 * The Node flags the shop's server runs with (`pnpm start` and the memory bench read them from here):
 * --expose-gc lets the catalogue hand its loading garbage back at once (CatalogueService.refresh);
 * --enable-source-maps keeps stack traces pointing at src/. Not --optimize-for-size: it saved about 60 MB resident at
 * 50,000 products, but every full collection then compacts and lets the heap grow only about a tenth, so building a
 * large catalogue spent most of its time collecting, more the larger the catalogue (100,000 products: 81 full
 * collections against 9, index build about 3 times as long; 200,000 did not finish in 14 minutes).
 */
import { fileURLToPath } from 'node:url';

export const SERVER_NODE_FLAGS = ['--expose-gc', '--enable-source-maps'];

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(SERVER_NODE_FLAGS.join(' '));
