-- CreateTable
CREATE TABLE "PlaygroundFile" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "conversationId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "messageId" TEXT NOT NULL,
    "toolCallId" TEXT,
    "path" TEXT NOT NULL,
    "size" INTEGER NOT NULL,
    "mediaType" TEXT NOT NULL,
    "sha256" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "PlaygroundFile_conversationId_fkey" FOREIGN KEY ("conversationId") REFERENCES "Conversation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PlaygroundFile_sha256_fkey" FOREIGN KEY ("sha256") REFERENCES "Blob" ("sha256") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "PlaygroundFile_conversationId_idx" ON "PlaygroundFile"("conversationId");

-- CreateIndex
CREATE INDEX "PlaygroundFile_sha256_idx" ON "PlaygroundFile"("sha256");
