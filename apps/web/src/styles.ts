/**
 * The render-blocking CSS of every screen: Mantine's base files plus the components the app shell,
 * the shared components and the public screens (welcome, jobs, a job, ads, log in, sign up) use,
 * instead of all of @mantine/core/styles.css (mostly unused). A component only some screens use
 * has its CSS imported by those screens' modules, so Vite ships it with their chunks.
 *
 * The order is Mantine's own (as in @mantine/core/styles.css): a component's file comes after the
 * files of the components it is built from, so equal-specificity rules resolve as Mantine expects.
 * A component missing here renders unstyled; `npm run test:e2e` (axe) catches some of that.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
// The theme's own variables over Mantine's defaults, and its helper classes (hiddenFrom, visibleFrom).
import './theme.generated.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
// Loading skeletons paint before anything else on a screen.
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
// The theme's class for every input (theme.ts): here, since theme.ts itself now comes with the first
// Mantine component a screen renders (mantine-without-provider.ts).
import './theme.module.css';
// The notice shown when the page's scripts could not be fetched (lib/first-scripts.ts).
import './scripts-failed.css';
