/**
 * What the home page gets from the content side (issue 18), in its own chunk loaded after the first paint so the
 * home page's first load stays as it was: its head (canonical, the other store's home as hreflang) and the story
 * block (`home-story`) the shop writes in its CMS.
 */
import { CMS_BLOCK_IDS } from '@shop/shared/content/service-pages';
import { STORE_CODES } from '@shop/shared/stores/stores';
import { useTranslation } from '../../app/i18n.ts';
import { useStore } from '../../app/store-context.tsx';
import { usePageHead } from '../../ui/page-head.ts';
import { CmsBlock } from './cms-block.tsx';

export default function HomeContent() {
  const { t } = useTranslation();
  const store = useStore();
  usePageHead({ path: '', store, alternates: STORE_CODES.map((code) => ({ store: code, path: '' })), description: t('shop.tagline') }, `${t('shop.name')} — ${t('shop.tagline')}`);
  return (
    <div className="container">
      <CmsBlock identifier={CMS_BLOCK_IDS.homeStory} className="cms-block--story" />
    </div>
  );
}
