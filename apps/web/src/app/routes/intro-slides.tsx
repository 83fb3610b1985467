import { IntroSlidesPage } from '../../features/onboarding/components/intro-slides-page';

export const Component = IntroSlidesPage;
