// The public entry of modules/exam (issue 25): The learning platform launch.
// Other modules and the composition root import only what is exported here.
export { examRoutes } from './exam.routes';
