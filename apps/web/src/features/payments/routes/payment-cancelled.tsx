import { Notice } from '../../../components/notice';
import { Page } from '../../../components/page';
import { paths } from '../../../lib/paths';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';

/** Where the payment provider's Cancel leads (through the server, which dropped the order): the listing is kept. */
export default function PaymentCancelledScreen() {
  const { t } = useTranslation('payments');
  const [params] = useSearchParams();
  const kind = params.get('kind');
  const id = params.get('id');
  const listing = kind === 'ad' && id ? paths.ad.to(id) : paths.employerDashboard.to();
  return (
    <Page title={t('cancelled.title')}>
      <Notice
        title={t('cancelled.message')}
        action={{ to: listing, label: kind === 'ad' ? t('cancelled.backToAd') : t('cancelled.backToJobs') }}
        secondary={{ to: paths.myPayments.to(), label: t('title') }}
      />
    </Page>
  );
}
