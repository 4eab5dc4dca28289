import { MessageList } from '../../features/messages/MessageList';
import UserCenterPage from '../../features/user-center/UserCenterPage';
import { RegistrationSummary } from '../../features/registration/EnterSummary';
import { OrdersPanel } from '../../features/orders/OrdersPanel';
import { MyTickets } from '../../features/tickets/Passes';

/** Composition lives in app/ so features do not import each other (design §2). */
export default function UserCenterRoute() {
  return (
    <UserCenterPage messagesPanel={<MessageList />} registrationsPanel={<RegistrationSummary />} ordersPanel={<OrdersPanel />} ticketsPanel={<MyTickets />} />
  );
}
