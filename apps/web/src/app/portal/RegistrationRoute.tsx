import RegistrationPage from '../../features/registration/RegistrationPage';
import type { RegistrationView } from '../route-meta';

/** /activityEnter, /createTeam, /createTeamer, /createTandP, /createAllTeam, /enter (spec 2.4–2.6). */
export default function RegistrationRoute({ view }: { view: RegistrationView }) {
  return <RegistrationPage view={view} />;
}
