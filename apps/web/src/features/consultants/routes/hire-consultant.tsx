import { ConsultantDirectory } from '../components/consultant-directory';

/** /hire-consultant: Hire a Consultant, with ratings, Message and View Profile. */
export default function HireConsultantScreen() {
  return <ConsultantDirectory variant="hire" />;
}
