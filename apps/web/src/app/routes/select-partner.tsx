import { SelectPartnerPage } from '../../features/onboarding/components/select-partner-page';
import { restartStartup } from '../bootstrap';

export const Component = () => <SelectPartnerPage onChosen={restartStartup} />;
