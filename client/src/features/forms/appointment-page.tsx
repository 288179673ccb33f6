/** PLACEHOLDER (replaced at merge by the appointments work package's page): "Make an appointment". */
import { useTranslation } from '../../app/i18n.ts';
import { FormPage } from './form-parts.tsx';

export function AppointmentPage() {
  const { t } = useTranslation();
  return <FormPage title={t('appointment.title', { ns: 'forms' })}>{null}</FormPage>;
}
