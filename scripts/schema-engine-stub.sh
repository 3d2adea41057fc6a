#!/bin/sh
echo "Prisma's native schema engine is not used in this project: run 'npm run db:migrate' (apply) or 'npm run db:migration -- <name>' (create)." >&2
exit 1
