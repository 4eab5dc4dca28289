import { AntdProvider } from '../../lib/antd/AntdProvider';
import { QueryProvider } from '../../lib/QueryProvider';
import Checkout from '../../features/orders/Checkout';

/** The money block with what it needs (TanStack Query, antd): its own lazy chunk, loaded only when asked for. */
export default function OrderArea({ activityId }: { activityId: number | null }) {
  return (
    <QueryProvider>
      <AntdProvider>
        <Checkout activityId={activityId} />
      </AntdProvider>
    </QueryProvider>
  );
}
