import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OrderManage } from '../../features/orders/OrdersPanel';
import { PayOrder } from '../../features/orders/PayOrder';
import OnlinePage from '../../features/tickets/OnlinePage';
import { OrderPasses } from '../../features/tickets/Passes';
import SessionsPage from '../../features/tickets/SessionsPage';
import type { TicketView } from '../route-meta';

/** The ticket screens; /audienceOrder composes the money path's payment (orders) with the passes (tickets). */
export default function TicketsRoute({ view }: { view: TicketView }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (view === 'audience' || view === 'workshop') return <SessionsPage kind={view} />;
  if (view === 'online') return <OnlinePage />;
  const orderNo = params.get('orderNo');
  return (
    <section aria-labelledby="audience-order-title" style={{ display: 'grid', gap: 16 }}>
      <h1 id="audience-order-title" style={{ margin: 0, fontSize: 26 }}>
        {t('tickets:order.title')}
      </h1>
      {orderNo ? (
        <>
          <PayOrder orderNo={orderNo} />
          <OrderPasses orderNo={orderNo} />
          <OrderManage orderNo={orderNo} />
        </>
      ) : (
        <p>{t('tickets:order.none')}</p>
      )}
    </section>
  );
}
