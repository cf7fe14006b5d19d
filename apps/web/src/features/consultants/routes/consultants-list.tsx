import { ConsultantDirectory } from '../components/consultant-directory';

/** /consultants: Find a Consultant, newest first. */
export default function ConsultantsListScreen() {
  return <ConsultantDirectory variant="find" />;
}
