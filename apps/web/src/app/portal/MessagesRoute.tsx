import MessagesPage from '../../features/messages/MessagesPage';

export default function MessagesRoute() {
  return <MessagesPage />;
}
