import { MessageList } from '../../features/messages/MessageList';
import UserCenterPage from '../../features/user-center/UserCenterPage';
import { RegistrationSummary } from '../../features/registration/EnterSummary';
import { OrdersPanel } from '../../features/orders/OrdersPanel';
import { MyTickets } from '../../features/tickets/Passes';
import { Conversation } from '../../features/help/Conversation';
import { MyVolunteering } from '../../features/volunteers/VolunteerPage';
import { ChannelPanel } from '../../features/channels/ChannelPanel';
import { MyCertificates } from '../../features/awards/MyCertificates';

/** Composition lives in app/ so features do not import each other (design §2). */
export default function UserCenterRoute() {
  return (
    <UserCenterPage
      messagesPanel={<MessageList />}
      registrationsPanel={<RegistrationSummary />}
      ordersPanel={<OrdersPanel />}
      ticketsPanel={<MyTickets />}
      consultPanel={<Conversation />}
      volunteeringPanel={<MyVolunteering />}
      channelPanel={<ChannelPanel />}
      certificatesPanel={<MyCertificates />}
    />
  );
}
