/** PLACEHOLDER (replaced at merge by the appointments work package's page): the store locator. */
import { useTranslation } from '../../app/i18n.ts';
import { FormPage } from './form-parts.tsx';

export function StoreLocatorPage() {
  const { t } = useTranslation();
  return <FormPage title={t('storeLocator.title', { ns: 'forms' })}>{null}</FormPage>;
}
