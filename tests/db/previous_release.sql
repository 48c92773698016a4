-- A database made by the last release before migrations (commit 83d9f55):
-- tests/db/make_previous_release.py. {"inspection": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01", "photo": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e02", "unclaimed": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e04"}
BEGIN TRANSACTION;
CREATE TABLE answer (
	id INTEGER NOT NULL, 
	inspection_id VARCHAR(36) NOT NULL, 
	item_code VARCHAR(20) NOT NULL, 
	result VARCHAR(4) NOT NULL, 
	note VARCHAR NOT NULL, 
	corrective_action VARCHAR NOT NULL, 
	measurements JSON, 
	calculator JSON, 
	PRIMARY KEY (id), 
	FOREIGN KEY(inspection_id) REFERENCES inspection (id)
);
INSERT INTO "answer" VALUES(1,'3220ef96-e44c-5376-9633-8c64b4405e67','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(2,'3220ef96-e44c-5376-9633-8c64b4405e67','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(3,'3220ef96-e44c-5376-9633-8c64b4405e67','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(4,'3220ef96-e44c-5376-9633-8c64b4405e67','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(5,'3220ef96-e44c-5376-9633-8c64b4405e67','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(6,'3220ef96-e44c-5376-9633-8c64b4405e67','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(7,'3220ef96-e44c-5376-9633-8c64b4405e67','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(8,'3220ef96-e44c-5376-9633-8c64b4405e67','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(9,'3220ef96-e44c-5376-9633-8c64b4405e67','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(10,'3220ef96-e44c-5376-9633-8c64b4405e67','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(11,'3220ef96-e44c-5376-9633-8c64b4405e67','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(12,'3220ef96-e44c-5376-9633-8c64b4405e67','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(13,'3220ef96-e44c-5376-9633-8c64b4405e67','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(14,'3220ef96-e44c-5376-9633-8c64b4405e67','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(15,'2774e6ae-1307-5e42-88d9-ee85adb7640b','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(16,'2774e6ae-1307-5e42-88d9-ee85adb7640b','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(17,'2774e6ae-1307-5e42-88d9-ee85adb7640b','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(18,'2774e6ae-1307-5e42-88d9-ee85adb7640b','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(19,'2774e6ae-1307-5e42-88d9-ee85adb7640b','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(20,'2774e6ae-1307-5e42-88d9-ee85adb7640b','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(21,'2774e6ae-1307-5e42-88d9-ee85adb7640b','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(22,'2774e6ae-1307-5e42-88d9-ee85adb7640b','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(23,'2774e6ae-1307-5e42-88d9-ee85adb7640b','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(24,'2774e6ae-1307-5e42-88d9-ee85adb7640b','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(25,'2774e6ae-1307-5e42-88d9-ee85adb7640b','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(26,'2774e6ae-1307-5e42-88d9-ee85adb7640b','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(27,'2774e6ae-1307-5e42-88d9-ee85adb7640b','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(28,'2774e6ae-1307-5e42-88d9-ee85adb7640b','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(29,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(30,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(31,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(32,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(33,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(34,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(35,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(36,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(37,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(38,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(39,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(40,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(41,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(42,'029c127a-83ec-55ff-b4dd-96bb376c3fc8','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(43,'e784358c-085d-50d0-bcfc-c979bd3fe79b','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(44,'e784358c-085d-50d0-bcfc-c979bd3fe79b','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(45,'e784358c-085d-50d0-bcfc-c979bd3fe79b','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(46,'e784358c-085d-50d0-bcfc-c979bd3fe79b','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(47,'e784358c-085d-50d0-bcfc-c979bd3fe79b','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(48,'e784358c-085d-50d0-bcfc-c979bd3fe79b','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(49,'e784358c-085d-50d0-bcfc-c979bd3fe79b','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(50,'e784358c-085d-50d0-bcfc-c979bd3fe79b','INLET','fail','Filter fabric torn at the Oak Street inlet; sediment at half depth.','Clean or replace the inlet protection.','{}','null');
INSERT INTO "answer" VALUES(51,'e784358c-085d-50d0-bcfc-c979bd3fe79b','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(52,'e784358c-085d-50d0-bcfc-c979bd3fe79b','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(53,'e784358c-085d-50d0-bcfc-c979bd3fe79b','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(54,'e784358c-085d-50d0-bcfc-c979bd3fe79b','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(55,'e784358c-085d-50d0-bcfc-c979bd3fe79b','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(56,'e784358c-085d-50d0-bcfc-c979bd3fe79b','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(57,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(58,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(59,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(60,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(61,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(62,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(63,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(64,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(65,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(66,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(67,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(68,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(69,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(70,'8c7d4489-117d-59f1-84aa-4c3318ea3a53','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(71,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(72,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(73,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(74,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(75,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(76,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(77,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(78,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(79,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(80,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(81,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(82,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(83,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(84,'44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(85,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(86,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(87,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(88,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(89,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(90,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(91,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(92,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(93,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(94,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(95,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(96,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(97,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(98,'293fe9d5-7fbd-51f4-a456-481bac6b7ab6','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(99,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(100,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(101,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(102,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(103,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(104,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(105,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(106,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(107,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(108,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(109,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(110,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(111,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(112,'3a71afe3-84d1-5974-872f-ed0fbd5991f2','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(113,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(114,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(115,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(116,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(117,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(118,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(119,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','TRACK-STREET','fail','Mud tracked 60 ft onto the street at the haul entrance.','Clean the street before the end of the workday.','{}','null');
INSERT INTO "answer" VALUES(120,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(121,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(122,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(123,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','BASIN','fail','Sediment at half the height of the control; needs cleaning.','Build, dredge or repair the basin.','{}','null');
INSERT INTO "answer" VALUES(124,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(125,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(126,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(127,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(128,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(129,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(130,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(131,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(132,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(133,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(134,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(135,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(136,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(137,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(138,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(139,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(140,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(141,'bccb64ab-f21d-5aab-8c01-0e146c7a94a3','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(142,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(143,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(144,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(145,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(146,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(147,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(148,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(149,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(150,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(151,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(152,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(153,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(154,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(155,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(156,'8a3adf07-82b1-5d89-8b0c-48a48c091c5d','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(157,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(158,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(159,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(160,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(161,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(162,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(163,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(164,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(165,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(166,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(167,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(168,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(169,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(170,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(171,'a8bb18a1-d946-50cf-9b48-2f2f1e369c25','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(172,'ae39851b-583d-5606-850b-7cb89e003908','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(173,'ae39851b-583d-5606-850b-7cb89e003908','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(174,'ae39851b-583d-5606-850b-7cb89e003908','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(175,'ae39851b-583d-5606-850b-7cb89e003908','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(176,'ae39851b-583d-5606-850b-7cb89e003908','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(177,'ae39851b-583d-5606-850b-7cb89e003908','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(178,'ae39851b-583d-5606-850b-7cb89e003908','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(179,'ae39851b-583d-5606-850b-7cb89e003908','INLET','fail','Filter fabric torn at the Oak Street inlet; sediment at half depth.','Clean or replace the inlet protection.','{}','null');
INSERT INTO "answer" VALUES(180,'ae39851b-583d-5606-850b-7cb89e003908','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(181,'ae39851b-583d-5606-850b-7cb89e003908','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(182,'ae39851b-583d-5606-850b-7cb89e003908','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(183,'ae39851b-583d-5606-850b-7cb89e003908','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(184,'ae39851b-583d-5606-850b-7cb89e003908','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(185,'ae39851b-583d-5606-850b-7cb89e003908','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(186,'ae39851b-583d-5606-850b-7cb89e003908','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(187,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(188,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(189,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(190,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(191,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(192,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(193,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(194,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(195,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(196,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(197,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(198,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(199,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(200,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(201,'0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(202,'bfad49f0-b893-51b3-b33f-d10f78e51693','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(203,'bfad49f0-b893-51b3-b33f-d10f78e51693','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(204,'bfad49f0-b893-51b3-b33f-d10f78e51693','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(205,'bfad49f0-b893-51b3-b33f-d10f78e51693','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(206,'bfad49f0-b893-51b3-b33f-d10f78e51693','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(207,'bfad49f0-b893-51b3-b33f-d10f78e51693','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(208,'bfad49f0-b893-51b3-b33f-d10f78e51693','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(209,'bfad49f0-b893-51b3-b33f-d10f78e51693','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(210,'bfad49f0-b893-51b3-b33f-d10f78e51693','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(211,'bfad49f0-b893-51b3-b33f-d10f78e51693','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(212,'bfad49f0-b893-51b3-b33f-d10f78e51693','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(213,'bfad49f0-b893-51b3-b33f-d10f78e51693','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(214,'bfad49f0-b893-51b3-b33f-d10f78e51693','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(215,'bfad49f0-b893-51b3-b33f-d10f78e51693','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(216,'bfad49f0-b893-51b3-b33f-d10f78e51693','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(217,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(218,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(219,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(220,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(221,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(222,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(223,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(224,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(225,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(226,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(227,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(228,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(229,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(230,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(231,'6d3aa2aa-ceb3-5cf8-a999-a0680970def4','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(232,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(233,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(234,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(235,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(236,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(237,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(238,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(239,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(240,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(241,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(242,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','PERIMETER','pass','','','{}','null');
INSERT INTO "answer" VALUES(243,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(244,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(245,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(246,'c43e0c75-bf5c-520e-abbe-1a4a02d314e5','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(247,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(248,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(249,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(250,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(251,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(252,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(253,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','TRACK-STREET','fail','Mud tracked 60 ft onto the street at the haul entrance.','Clean the street before the end of the workday.','{}','null');
INSERT INTO "answer" VALUES(254,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(255,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(256,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(257,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','PERIMETER','fail','Sediment at half the height of the control; needs cleaning.','Repair the fence and remove the sediment.','{}','null');
INSERT INTO "answer" VALUES(258,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(259,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','STREET-PILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(260,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(261,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','MAINTAIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(262,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','PLAN','pass','','','{}','null');
INSERT INTO "answer" VALUES(263,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','NOTICE','pass','','','{}','null');
INSERT INTO "answer" VALUES(264,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','LOG','pass','','','{}','null');
INSERT INTO "answer" VALUES(265,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','DEWATER','pass','','','{}','null');
INSERT INTO "answer" VALUES(266,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','WASTE','pass','','','{}','null');
INSERT INTO "answer" VALUES(267,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','TRACK-PAD','pass','','','{}','null');
INSERT INTO "answer" VALUES(268,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','TRACK-STREET','pass','','','{}','null');
INSERT INTO "answer" VALUES(269,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','INLET','pass','','','{}','null');
INSERT INTO "answer" VALUES(270,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','DIVERT','pass','','','{}','null');
INSERT INTO "answer" VALUES(271,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','SEQUENCE','pass','','','{}','null');
INSERT INTO "answer" VALUES(272,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','BASIN','pass','','','{}','null');
INSERT INTO "answer" VALUES(273,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','STOCKPILE','pass','','','{}','null');
INSERT INTO "answer" VALUES(274,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','OFFSITE','pass','','','{}','null');
INSERT INTO "answer" VALUES(275,'5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','MAINTAIN','pass','','','{}','null');
CREATE TABLE auditevent (
	id INTEGER NOT NULL, 
	at DATETIME NOT NULL, 
	user_id INTEGER, 
	device_id VARCHAR(64), 
	entity VARCHAR(40) NOT NULL, 
	entity_id VARCHAR(64) NOT NULL, 
	action VARCHAR(40) NOT NULL, 
	site_id INTEGER, 
	"before" JSON, 
	"after" JSON, 
	PRIMARY KEY (id), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "auditevent" VALUES(1,'2026-12-02 22:38:38.653053',NULL,NULL,'user','1','create',NULL,'null','{"email": "supervisor@fairwater.example", "role": "supervisor", "company_id": null}');
INSERT INTO "auditevent" VALUES(2,'2026-12-02 22:38:39.077669',NULL,NULL,'user','2','create',NULL,'null','{"email": "inspector@fairwater.example", "role": "inspector", "company_id": null}');
INSERT INTO "auditevent" VALUES(3,'2026-12-02 22:38:39.504834',NULL,NULL,'user','3','create',NULL,'null','{"email": "permittee@prairie-builders.example", "role": "permittee", "company_id": 1}');
INSERT INTO "auditevent" VALUES(4,'2026-12-02 22:38:39.886985',NULL,NULL,'user','4','create',NULL,'null','{"email": "permittee@badger-utility.example", "role": "permittee", "company_id": 2}');
INSERT INTO "auditevent" VALUES(5,'2026-12-02 22:38:39.889453',1,NULL,'site','1','create',1,'null','{"name": "Meadow Ridge Subdivision, Phase 2", "address": "N4120 County Road KW", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Meadow Ridge Subdivision, Phase 2)", "latitude": 43.8391, "longitude": -88.8581, "project_kind": "subdivision_plat", "area_acres": 38.0, "length_ft": null, "disturbed_acres": 12.5, "channel_originates": true, "has_stockpiles": true, "has_dewatering": true, "state_funded": false, "extraterritorial": false, "id": 1, "version": 1, "created_at": "2026-12-02T22:38:39.887177", "updated_at": "2026-12-02T22:38:39.887187"}');
INSERT INTO "auditevent" VALUES(6,'2026-12-02 22:38:39.908236',1,NULL,'permit','1','apply',1,'null','{"site_id": 1, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 1, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:39.889606", "updated_at": "2026-12-02T22:38:39.889616"}');
INSERT INTO "auditevent" VALUES(7,'2026-12-02 22:38:39.922324',3,NULL,'control_plan_document','1','upload',1,'null','{"permit_id": 1, "kind": "existing_site_map", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(8,'2026-12-02 22:38:39.923607',3,NULL,'control_plan_document','2','upload',1,'null','{"permit_id": 1, "kind": "site_construction_plan", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(9,'2026-12-02 22:38:39.933614',3,NULL,'control_plan_document','3','upload',1,'null','{"permit_id": 1, "kind": "final_site_conditions", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(10,'2026-12-02 22:38:39.962216',1,NULL,'permit','1','status:issued',1,'{"site_id": 1, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 1, "number": "ECP-2026-0001", "status": "applied", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:39.947716", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:39.889606", "updated_at": "2026-12-02T22:38:39.889616"}','{"site_id": 1, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 1, "number": "ECP-2026-0001", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:39.947716", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 2, "created_at": "2026-12-02T22:38:39.889606", "updated_at": "2026-12-02T22:38:39.960051"}');
INSERT INTO "auditevent" VALUES(11,'2026-12-02 22:38:39.962377',3,NULL,'permit','1','acknowledge_conditions',1,'null','null');
INSERT INTO "auditevent" VALUES(12,'2026-12-02 22:38:39.979386',3,NULL,'permit','1','notice:commencement',1,'{"site_id": 1, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 1, "number": "ECP-2026-0001", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-09-24T16:00:00", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": "2026-09-24T16:00:00", "conditions_acknowledged_by": 3, "version": 2, "created_at": "2026-12-02T22:38:39.889606", "updated_at": "2026-12-02T22:38:39.960051"}','{"site_id": 1, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 1, "number": "ECP-2026-0001", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-09-24T16:00:00", "commenced_at": "2026-09-28T13:00:00", "commencement_notified_at": "2026-09-29T09:00:00", "conditions_acknowledged_at": "2026-09-24T16:00:00", "conditions_acknowledged_by": 3, "version": 3, "created_at": "2026-12-02T22:38:39.889606", "updated_at": "2026-12-02T22:38:39.960051"}');
INSERT INTO "auditevent" VALUES(13,'2026-12-02 22:38:39.990442',3,NULL,'control_measure_notice','1','create',1,'null','{"permit_id": 1, "measure": "Silt fence, east and south sides", "installed_on": "2026-09-30", "notified_at": "2026-10-03T13:00:00", "notified_by": 3, "id": 1}');
INSERT INTO "auditevent" VALUES(14,'2026-10-01 13:45:00.000000',3,NULL,'inspection','3220ef96-e44c-5376-9633-8c64b4405e67','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(15,'2026-10-08 13:45:00.000000',3,NULL,'inspection','2774e6ae-1307-5e42-88d9-ee85adb7640b','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(16,'2026-10-15 13:45:00.000000',2,NULL,'inspection','029c127a-83ec-55ff-b4dd-96bb376c3fc8','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(17,'2026-10-22 13:45:00.000000',3,NULL,'inspection','e784358c-085d-50d0-bcfc-c979bd3fe79b','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(18,'2026-12-02 22:38:40.368775',3,NULL,'finding','74afba42-ae1f-5abe-81e5-30362752b823','create',1,'null','{"id": "74afba42-ae1f-5abe-81e5-30362752b823", "site_id": 1, "inspection_id": "e784358c-085d-50d0-bcfc-c979bd3fe79b", "item_code": "INLET", "severity": "critical", "description": "Filter fabric torn at the Oak Street inlet; sediment at half depth.", "required_action": "Clean or replace the inlet protection.", "citation": "\u00a7 256-7B(4)", "due_at": "2026-10-23T13:40:00", "status": "open", "company_id": 1, "created_at": "2026-10-22T13:45:00", "updated_at": "2026-10-22T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(19,'2026-12-02 22:38:40.368913',3,NULL,'site','1','packet',1,'null','{"why": "finding"}');
INSERT INTO "auditevent" VALUES(20,'2026-10-29 13:45:00.000000',3,NULL,'inspection','8c7d4489-117d-59f1-84aa-4c3318ea3a53','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(21,'2026-11-05 13:45:00.000000',3,NULL,'inspection','44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(22,'2026-11-12 13:45:00.000000',2,NULL,'inspection','293fe9d5-7fbd-51f4-a456-481bac6b7ab6','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(23,'2026-11-19 13:45:00.000000',3,NULL,'inspection','3a71afe3-84d1-5974-872f-ed0fbd5991f2','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(24,'2026-11-26 13:45:00.000000',3,NULL,'inspection','a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','submit',1,'null','null');
INSERT INTO "auditevent" VALUES(25,'2026-12-02 22:38:40.446059',3,NULL,'finding','c88e397d-68ea-5878-bf2c-a2a2fd0b75cb','create',1,'null','{"id": "c88e397d-68ea-5878-bf2c-a2a2fd0b75cb", "site_id": 1, "inspection_id": "a4cc6b82-a386-5b6e-b0f0-1e16f803e3df", "item_code": "TRACK-STREET", "severity": "critical", "description": "Mud tracked 60 ft onto the street at the haul entrance.", "required_action": "Clean the street before the end of the workday.", "citation": "\u00a7 256-7B(3)", "due_at": "2026-11-30T23:00:00", "status": "open", "company_id": 1, "created_at": "2026-11-26T13:45:00", "updated_at": "2026-11-26T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(26,'2026-12-02 22:38:40.446174',3,NULL,'finding','a17d22f7-d913-5782-9157-667633a2c401','create',1,'null','{"id": "a17d22f7-d913-5782-9157-667633a2c401", "site_id": 1, "inspection_id": "a4cc6b82-a386-5b6e-b0f0-1e16f803e3df", "item_code": "BASIN", "severity": "critical", "description": "Sediment at half the height of the control; needs cleaning.", "required_action": "Build, dredge or repair the basin.", "citation": "\u00a7 256-7B(5)(c)[2]", "due_at": "2026-11-27T13:40:00", "status": "open", "company_id": 1, "created_at": "2026-11-26T13:45:00", "updated_at": "2026-11-26T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(27,'2026-12-02 22:38:40.446269',3,NULL,'site','1','packet',1,'null','{"why": "finding"}');
INSERT INTO "auditevent" VALUES(28,'2026-12-02 22:38:40.447371',1,NULL,'site','2','create',2,'null','{"name": "Fairwater Cooperative Grain Annex", "address": "210 Mill Street", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Fairwater Cooperative Grain Annex)", "latitude": 43.8352, "longitude": -88.8667, "project_kind": "building_lot", "area_acres": 7.2, "length_ft": null, "disturbed_acres": 6.0, "channel_originates": false, "has_stockpiles": true, "has_dewatering": false, "state_funded": false, "extraterritorial": false, "id": 2, "version": 1, "created_at": "2026-12-02T22:38:40.446487", "updated_at": "2026-12-02T22:38:40.446502"}');
INSERT INTO "auditevent" VALUES(29,'2026-12-02 22:38:40.456869',1,NULL,'permit','2','apply',2,'null','{"site_id": 2, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-10-23", "fee_paid_on": "2026-10-23", "building_permit_until": null, "id": 2, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.447485", "updated_at": "2026-12-02T22:38:40.447496"}');
INSERT INTO "auditevent" VALUES(30,'2026-12-02 22:38:40.459288',3,NULL,'control_plan_document','4','upload',2,'null','{"permit_id": 2, "kind": "existing_site_map", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(31,'2026-12-02 22:38:40.468953',3,NULL,'control_plan_document','5','upload',2,'null','{"permit_id": 2, "kind": "site_construction_plan", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(32,'2026-12-02 22:38:40.472760',3,NULL,'control_plan_document','6','upload',2,'null','{"permit_id": 2, "kind": "final_site_conditions", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(33,'2026-12-02 22:38:40.474826',1,NULL,'permit','2','status:issued',2,'{"site_id": 2, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-10-23", "fee_paid_on": "2026-10-23", "building_permit_until": null, "id": 2, "number": "ECP-2026-0002", "status": "applied", "issued_on": "2026-10-29", "expires_on": "2027-04-27", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:40.474034", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.447485", "updated_at": "2026-12-02T22:38:40.447496"}','{"site_id": 2, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-10-23", "fee_paid_on": "2026-10-23", "building_permit_until": null, "id": 2, "number": "ECP-2026-0002", "status": "issued", "issued_on": "2026-10-29", "expires_on": "2027-04-27", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:40.474034", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 2, "created_at": "2026-12-02T22:38:40.447485", "updated_at": "2026-12-02T22:38:40.474129"}');
INSERT INTO "auditevent" VALUES(34,'2026-12-02 22:38:40.474965',3,NULL,'permit','2','acknowledge_conditions',2,'null','null');
INSERT INTO "auditevent" VALUES(35,'2026-12-02 22:38:40.500081',1,NULL,'site','3','create',3,'null','{"name": "Main Street Water Main Replacement", "address": "Main Street, Oak to Pine", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Main Street Water Main Replacement)", "latitude": 43.8337, "longitude": -88.864, "project_kind": "underground_pipe", "area_acres": null, "length_ft": 1450.0, "disturbed_acres": 1.1, "channel_originates": false, "has_stockpiles": true, "has_dewatering": true, "state_funded": false, "extraterritorial": false, "id": 3, "version": 1, "created_at": "2026-12-02T22:38:40.485461", "updated_at": "2026-12-02T22:38:40.485483"}');
INSERT INTO "auditevent" VALUES(36,'2026-12-02 22:38:40.501268',1,NULL,'permit','3','apply',3,'null','{"site_id": 3, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 3, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.500294", "updated_at": "2026-12-02T22:38:40.500306"}');
INSERT INTO "auditevent" VALUES(37,'2026-12-02 22:38:40.502891',4,NULL,'control_plan_document','7','upload',3,'null','{"permit_id": 3, "kind": "existing_site_map", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(38,'2026-12-02 22:38:40.503561',4,NULL,'control_plan_document','8','upload',3,'null','{"permit_id": 3, "kind": "site_construction_plan", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(39,'2026-12-02 22:38:40.517205',4,NULL,'control_plan_document','9','upload',3,'null','{"permit_id": 3, "kind": "final_site_conditions", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(40,'2026-12-02 22:38:40.518741',1,NULL,'permit','3','status:issued',3,'{"site_id": 3, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 3, "number": "ECP-2026-0003", "status": "applied", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:40.518150", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.500294", "updated_at": "2026-12-02T22:38:40.500306"}','{"site_id": 3, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 3, "number": "ECP-2026-0003", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-12-02T22:38:40.518150", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 2, "created_at": "2026-12-02T22:38:40.500294", "updated_at": "2026-12-02T22:38:40.518225"}');
INSERT INTO "auditevent" VALUES(41,'2026-12-02 22:38:40.518835',4,NULL,'permit','3','acknowledge_conditions',3,'null','null');
INSERT INTO "auditevent" VALUES(42,'2026-12-02 22:38:40.533851',4,NULL,'permit','3','notice:commencement',3,'{"site_id": 3, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 3, "number": "ECP-2026-0003", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-09-24T16:00:00", "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": "2026-09-24T16:00:00", "conditions_acknowledged_by": 4, "version": 2, "created_at": "2026-12-02T22:38:40.500294", "updated_at": "2026-12-02T22:38:40.518225"}','{"site_id": 3, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-09-18", "fee_paid_on": "2026-09-18", "building_permit_until": null, "id": 3, "number": "ECP-2026-0003", "status": "issued", "issued_on": "2026-09-24", "expires_on": "2027-03-23", "extension_days": 0, "decision_reason": null, "decided_by": 1, "decided_at": "2026-09-24T16:00:00", "commenced_at": "2026-09-28T13:00:00", "commencement_notified_at": "2026-09-29T09:00:00", "conditions_acknowledged_at": "2026-09-24T16:00:00", "conditions_acknowledged_by": 4, "version": 3, "created_at": "2026-12-02T22:38:40.500294", "updated_at": "2026-12-02T22:38:40.518225"}');
INSERT INTO "auditevent" VALUES(43,'2026-12-02 22:38:40.534822',4,NULL,'control_measure_notice','2','create',3,'null','{"permit_id": 3, "measure": "Silt fence, east and south sides", "installed_on": "2026-09-30", "notified_at": "2026-10-03T13:00:00", "notified_by": 4, "id": 2}');
INSERT INTO "auditevent" VALUES(44,'2026-10-01 13:45:00.000000',4,NULL,'inspection','bccb64ab-f21d-5aab-8c01-0e146c7a94a3','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(45,'2026-10-08 13:45:00.000000',4,NULL,'inspection','8a3adf07-82b1-5d89-8b0c-48a48c091c5d','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(46,'2026-10-15 13:45:00.000000',2,NULL,'inspection','a8bb18a1-d946-50cf-9b48-2f2f1e369c25','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(47,'2026-10-22 13:45:00.000000',4,NULL,'inspection','ae39851b-583d-5606-850b-7cb89e003908','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(48,'2026-12-02 22:38:40.648151',4,NULL,'finding','f9a9bd03-a27d-5769-92cc-a1ff3ae3fbc4','create',3,'null','{"id": "f9a9bd03-a27d-5769-92cc-a1ff3ae3fbc4", "site_id": 3, "inspection_id": "ae39851b-583d-5606-850b-7cb89e003908", "item_code": "INLET", "severity": "critical", "description": "Filter fabric torn at the Oak Street inlet; sediment at half depth.", "required_action": "Clean or replace the inlet protection.", "citation": "\u00a7 256-7B(4)", "due_at": "2026-10-23T13:40:00", "status": "open", "company_id": 2, "created_at": "2026-10-22T13:45:00", "updated_at": "2026-10-22T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(49,'2026-12-02 22:38:40.648419',4,NULL,'site','3','packet',3,'null','{"why": "finding"}');
INSERT INTO "auditevent" VALUES(50,'2026-10-29 13:45:00.000000',4,NULL,'inspection','0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(51,'2026-11-05 13:45:00.000000',4,NULL,'inspection','bfad49f0-b893-51b3-b33f-d10f78e51693','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(52,'2026-11-12 13:45:00.000000',2,NULL,'inspection','6d3aa2aa-ceb3-5cf8-a999-a0680970def4','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(53,'2026-11-19 13:45:00.000000',4,NULL,'inspection','c43e0c75-bf5c-520e-abbe-1a4a02d314e5','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(54,'2026-11-26 13:45:00.000000',4,NULL,'inspection','cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','submit',3,'null','null');
INSERT INTO "auditevent" VALUES(55,'2026-12-02 22:38:40.789686',4,NULL,'finding','209c652b-9d64-5392-accc-5e5c5c7ddcc0','create',3,'null','{"id": "209c652b-9d64-5392-accc-5e5c5c7ddcc0", "site_id": 3, "inspection_id": "cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8", "item_code": "TRACK-STREET", "severity": "critical", "description": "Mud tracked 60 ft onto the street at the haul entrance.", "required_action": "Clean the street before the end of the workday.", "citation": "\u00a7 256-7B(3)", "due_at": "2026-11-30T23:00:00", "status": "open", "company_id": 2, "created_at": "2026-11-26T13:45:00", "updated_at": "2026-11-26T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(56,'2026-12-02 22:38:40.789873',4,NULL,'finding','44f59311-f8e1-5de8-b6dc-f39b2eaa2c5a','create',3,'null','{"id": "44f59311-f8e1-5de8-b6dc-f39b2eaa2c5a", "site_id": 3, "inspection_id": "cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8", "item_code": "PERIMETER", "severity": "critical", "description": "Sediment at half the height of the control; needs cleaning.", "required_action": "Repair the fence and remove the sediment.", "citation": "\u00a7 256-7B(5)(c)[1]", "due_at": "2026-11-27T13:40:00", "status": "open", "company_id": 2, "created_at": "2026-11-26T13:45:00", "updated_at": "2026-11-26T13:45:00", "corrected_note": "", "corrected_at": null, "corrected_by": null, "verified_by": null, "verified_at": null, "version": 1}');
INSERT INTO "auditevent" VALUES(57,'2026-12-02 22:38:40.789999',4,NULL,'site','3','packet',3,'null','{"why": "finding"}');
INSERT INTO "auditevent" VALUES(58,'2026-12-02 22:38:40.791636',1,NULL,'site','4','create',4,'null','{"name": "Lake Avenue Reconstruction", "address": "Lake Avenue, 3rd to 7th", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Lake Avenue Reconstruction)", "latitude": 43.8318, "longitude": -88.8702, "project_kind": "street_work", "area_acres": null, "length_ft": 820.0, "disturbed_acres": 2.0, "channel_originates": false, "has_stockpiles": false, "has_dewatering": false, "state_funded": false, "extraterritorial": false, "id": 4, "version": 1, "created_at": "2026-12-02T22:38:40.790265", "updated_at": "2026-12-02T22:38:40.790284"}');
INSERT INTO "auditevent" VALUES(59,'2026-12-02 22:38:40.806079',1,NULL,'permit','4','apply',4,'null','{"site_id": 4, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-11-23", "fee_paid_on": "2026-11-23", "building_permit_until": null, "id": 4, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.804283", "updated_at": "2026-12-02T22:38:40.804321"}');
INSERT INTO "auditevent" VALUES(60,'2026-12-02 22:38:40.817943',4,NULL,'control_plan_document','10','upload',4,'null','{"permit_id": 4, "kind": "existing_site_map", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(61,'2026-12-02 22:38:40.819257',4,NULL,'control_plan_document','11','upload',4,'null','{"permit_id": 4, "kind": "site_construction_plan", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(62,'2026-12-02 22:38:40.829644',4,NULL,'control_plan_document','12','upload',4,'null','{"permit_id": 4, "kind": "final_site_conditions", "sha256": "5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff", "size": 45}');
INSERT INTO "auditevent" VALUES(63,'2026-12-02 22:38:40.840112',2,NULL,'permit','4','status:under_review',4,'{"site_id": 4, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-11-23", "fee_paid_on": "2026-11-23", "building_permit_until": null, "id": 4, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.804283", "updated_at": "2026-12-02T22:38:40.804321"}','{"site_id": 4, "company_id": 2, "applicant_name": "Jo Nakamura", "application_received_on": "2026-11-23", "fee_paid_on": "2026-11-23", "building_permit_until": null, "id": 4, "number": null, "status": "under_review", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 2, "created_at": "2026-12-02T22:38:40.804283", "updated_at": "2026-12-02T22:38:40.829907"}');
INSERT INTO "auditevent" VALUES(64,'2026-12-02 22:38:40.843268',1,NULL,'site','5','create',5,'null','{"name": "Willow Creek Commercial Lot", "address": "W Highway 44", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Willow Creek Commercial Lot)", "latitude": 43.841, "longitude": -88.8755, "project_kind": "building_lot", "area_acres": 5.0, "length_ft": null, "disturbed_acres": 4.0, "channel_originates": false, "has_stockpiles": false, "has_dewatering": false, "state_funded": false, "extraterritorial": false, "id": 5, "version": 1, "created_at": "2026-12-02T22:38:40.842242", "updated_at": "2026-12-02T22:38:40.842267"}');
INSERT INTO "auditevent" VALUES(65,'2026-12-02 22:38:40.853446',1,NULL,'permit','5','apply',5,'null','{"site_id": 5, "company_id": 1, "applicant_name": "Sam Lindqvist", "application_received_on": "2026-11-30", "fee_paid_on": null, "building_permit_until": null, "id": 5, "number": null, "status": "applied", "issued_on": null, "expires_on": null, "extension_days": 0, "decision_reason": null, "decided_by": null, "decided_at": null, "commenced_at": null, "commencement_notified_at": null, "conditions_acknowledged_at": null, "conditions_acknowledged_by": null, "version": 1, "created_at": "2026-12-02T22:38:40.843471", "updated_at": "2026-12-02T22:38:40.843491"}');
INSERT INTO "auditevent" VALUES(66,'2026-12-02 22:38:40.866517',1,NULL,'site','6','create',6,'null','{"name": "Church Street Parking Lot", "address": "115 Church Street", "legal_description": "Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Church Street Parking Lot)", "latitude": 43.836, "longitude": -88.862, "project_kind": "land_disturbance", "area_acres": 2.3, "length_ft": null, "disturbed_acres": 2.3, "channel_originates": false, "has_stockpiles": false, "has_dewatering": false, "state_funded": false, "extraterritorial": false, "id": 6, "version": 1, "created_at": "2026-12-02T22:38:40.865504", "updated_at": "2026-12-02T22:38:40.865540"}');
INSERT INTO "auditevent" VALUES(67,'2026-12-02 22:38:40.879701',NULL,NULL,'rain_gauge','1','create',NULL,'null','{"name": "Fairwater 0.4 NE (CoCoRaHS)", "kind": "cocorahs", "station_code": "WI-FD-7", "latitude": 43.8395, "longitude": -88.861, "id": 1, "created_at": "2026-12-02T22:38:40.877957"}');
INSERT INTO "auditevent" VALUES(68,'2026-12-02 22:38:40.902657',NULL,NULL,'rain_reading','1','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-21T12:00:00", "period_end": "2026-10-22T12:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-22", "device_uuid": null, "user_id": null, "id": 1, "recorded_at": "2026-12-02T22:38:40.900263"}');
INSERT INTO "auditevent" VALUES(69,'2026-12-02 22:38:40.913436',NULL,NULL,'rain_reading','2','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-22T12:00:00", "period_end": "2026-10-23T12:00:00", "amount_in": 0.3, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-23", "device_uuid": null, "user_id": null, "id": 2, "recorded_at": "2026-12-02T22:38:40.912464"}');
INSERT INTO "auditevent" VALUES(70,'2026-12-02 22:38:40.915441',NULL,NULL,'rain_reading','3','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-23T12:00:00", "period_end": "2026-10-24T12:00:00", "amount_in": 0.02, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-24", "device_uuid": null, "user_id": null, "id": 3, "recorded_at": "2026-12-02T22:38:40.914862"}');
INSERT INTO "auditevent" VALUES(71,'2026-12-02 22:38:40.930033',NULL,NULL,'rain_reading','4','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-24T12:00:00", "period_end": "2026-10-25T12:00:00", "amount_in": 0.02, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-25", "device_uuid": null, "user_id": null, "id": 4, "recorded_at": "2026-12-02T22:38:40.929437"}');
INSERT INTO "auditevent" VALUES(72,'2026-12-02 22:38:40.931547',NULL,NULL,'rain_reading','5','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-25T12:00:00", "period_end": "2026-10-26T12:00:00", "amount_in": 0.08, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-26", "device_uuid": null, "user_id": null, "id": 5, "recorded_at": "2026-12-02T22:38:40.931062"}');
INSERT INTO "auditevent" VALUES(73,'2026-12-02 22:38:40.946181',NULL,NULL,'rain_reading','6','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-26T12:00:00", "period_end": "2026-10-27T12:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-27", "device_uuid": null, "user_id": null, "id": 6, "recorded_at": "2026-12-02T22:38:40.945567"}');
INSERT INTO "auditevent" VALUES(74,'2026-12-02 22:38:40.947686',NULL,NULL,'rain_reading','7','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-27T12:00:00", "period_end": "2026-10-28T12:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-28", "device_uuid": null, "user_id": null, "id": 7, "recorded_at": "2026-12-02T22:38:40.947206"}');
INSERT INTO "auditevent" VALUES(75,'2026-12-02 22:38:40.962355',NULL,NULL,'rain_reading','8','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-28T12:00:00", "period_end": "2026-10-29T12:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-29", "device_uuid": null, "user_id": null, "id": 8, "recorded_at": "2026-12-02T22:38:40.961771"}');
INSERT INTO "auditevent" VALUES(76,'2026-12-02 22:38:40.972177',NULL,NULL,'rain_reading','9','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-29T12:00:00", "period_end": "2026-10-30T12:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-30", "device_uuid": null, "user_id": null, "id": 9, "recorded_at": "2026-12-02T22:38:40.963336"}');
INSERT INTO "auditevent" VALUES(77,'2026-12-02 22:38:40.974553',NULL,NULL,'rain_reading','10','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-30T12:00:00", "period_end": "2026-10-31T12:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-10-31", "device_uuid": null, "user_id": null, "id": 10, "recorded_at": "2026-12-02T22:38:40.973965"}');
INSERT INTO "auditevent" VALUES(78,'2026-12-02 22:38:40.988891',NULL,NULL,'rain_reading','11','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-10-31T13:00:00", "period_end": "2026-11-01T13:00:00", "amount_in": 0.21, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-01", "device_uuid": null, "user_id": null, "id": 11, "recorded_at": "2026-12-02T22:38:40.975583"}');
INSERT INTO "auditevent" VALUES(79,'2026-12-02 22:38:40.990763',NULL,NULL,'rain_reading','12','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-01T13:00:00", "period_end": "2026-11-02T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-02", "device_uuid": null, "user_id": null, "id": 12, "recorded_at": "2026-12-02T22:38:40.990256"}');
INSERT INTO "auditevent" VALUES(80,'2026-12-02 22:38:41.008216',NULL,NULL,'rain_reading','13','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-02T13:00:00", "period_end": "2026-11-03T13:00:00", "amount_in": 0.3, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-03", "device_uuid": null, "user_id": null, "id": 13, "recorded_at": "2026-12-02T22:38:40.991667"}');
INSERT INTO "auditevent" VALUES(81,'2026-12-02 22:38:41.010315',NULL,NULL,'rain_reading','14','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-03T13:00:00", "period_end": "2026-11-04T13:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-04", "device_uuid": null, "user_id": null, "id": 14, "recorded_at": "2026-12-02T22:38:41.009795"}');
INSERT INTO "auditevent" VALUES(82,'2026-12-02 22:38:41.011697',NULL,NULL,'rain_reading','15','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-04T13:00:00", "period_end": "2026-11-05T13:00:00", "amount_in": 0.3, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-05", "device_uuid": null, "user_id": null, "id": 15, "recorded_at": "2026-12-02T22:38:41.011262"}');
INSERT INTO "auditevent" VALUES(83,'2026-12-02 22:38:41.029605',NULL,NULL,'rain_reading','16','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-05T13:00:00", "period_end": "2026-11-06T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-06", "device_uuid": null, "user_id": null, "id": 16, "recorded_at": "2026-12-02T22:38:41.029176"}');
INSERT INTO "auditevent" VALUES(84,'2026-12-02 22:38:41.030555',NULL,NULL,'rain_reading','17','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-06T13:00:00", "period_end": "2026-11-07T13:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-07", "device_uuid": null, "user_id": null, "id": 17, "recorded_at": "2026-12-02T22:38:41.030287"}');
INSERT INTO "auditevent" VALUES(85,'2026-12-02 22:38:41.031307',NULL,NULL,'rain_reading','18','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-07T13:00:00", "period_end": "2026-11-08T13:00:00", "amount_in": 0.12, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-08", "device_uuid": null, "user_id": null, "id": 18, "recorded_at": "2026-12-02T22:38:41.031026"}');
INSERT INTO "auditevent" VALUES(86,'2026-12-02 22:38:41.048494',NULL,NULL,'rain_reading','19','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-08T13:00:00", "period_end": "2026-11-09T13:00:00", "amount_in": 0.62, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-09", "device_uuid": null, "user_id": null, "id": 19, "recorded_at": "2026-12-02T22:38:41.039474"}');
INSERT INTO "auditevent" VALUES(87,'2026-12-02 22:38:41.050151',NULL,NULL,'rain_reading','20','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-09T13:00:00", "period_end": "2026-11-10T13:00:00", "amount_in": 0.0, "trace": true, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-10", "device_uuid": null, "user_id": null, "id": 20, "recorded_at": "2026-12-02T22:38:41.049682"}');
INSERT INTO "auditevent" VALUES(88,'2026-12-02 22:38:41.051234',NULL,NULL,'rain_reading','21','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-10T13:00:00", "period_end": "2026-11-11T13:00:00", "amount_in": 0.21, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-11", "device_uuid": null, "user_id": null, "id": 21, "recorded_at": "2026-12-02T22:38:41.050916"}');
INSERT INTO "auditevent" VALUES(89,'2026-12-02 22:38:41.064751',NULL,NULL,'rain_reading','22','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-11T13:00:00", "period_end": "2026-11-12T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-12", "device_uuid": null, "user_id": null, "id": 22, "recorded_at": "2026-12-02T22:38:41.063996"}');
INSERT INTO "auditevent" VALUES(90,'2026-12-02 22:38:41.066290',NULL,NULL,'rain_reading','23','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-12T13:00:00", "period_end": "2026-11-13T13:00:00", "amount_in": 0.3, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-13", "device_uuid": null, "user_id": null, "id": 23, "recorded_at": "2026-12-02T22:38:41.065859"}');
INSERT INTO "auditevent" VALUES(91,'2026-12-02 22:38:41.067414',NULL,NULL,'rain_reading','24','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-13T13:00:00", "period_end": "2026-11-14T13:00:00", "amount_in": 0.08, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-14", "device_uuid": null, "user_id": null, "id": 24, "recorded_at": "2026-12-02T22:38:41.067048"}');
INSERT INTO "auditevent" VALUES(92,'2026-12-02 22:38:41.081411',NULL,NULL,'rain_reading','25','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-14T13:00:00", "period_end": "2026-11-15T13:00:00", "amount_in": 0.02, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-15", "device_uuid": null, "user_id": null, "id": 25, "recorded_at": "2026-12-02T22:38:41.080899"}');
INSERT INTO "auditevent" VALUES(93,'2026-12-02 22:38:41.082551',NULL,NULL,'rain_reading','26','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-15T13:00:00", "period_end": "2026-11-16T13:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-16", "device_uuid": null, "user_id": null, "id": 26, "recorded_at": "2026-12-02T22:38:41.082186"}');
INSERT INTO "auditevent" VALUES(94,'2026-12-02 22:38:41.083482',NULL,NULL,'rain_reading','27','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-16T13:00:00", "period_end": "2026-11-17T13:00:00", "amount_in": 0.0, "trace": true, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-17", "device_uuid": null, "user_id": null, "id": 27, "recorded_at": "2026-12-02T22:38:41.083173"}');
INSERT INTO "auditevent" VALUES(95,'2026-12-02 22:38:41.097436',NULL,NULL,'rain_reading','28','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-17T13:00:00", "period_end": "2026-11-18T13:00:00", "amount_in": 0.0, "trace": true, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-18", "device_uuid": null, "user_id": null, "id": 28, "recorded_at": "2026-12-02T22:38:41.096908"}');
INSERT INTO "auditevent" VALUES(96,'2026-12-02 22:38:41.098653',NULL,NULL,'rain_reading','29','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-18T13:00:00", "period_end": "2026-11-19T13:00:00", "amount_in": 0.21, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-19", "device_uuid": null, "user_id": null, "id": 29, "recorded_at": "2026-12-02T22:38:41.098281"}');
INSERT INTO "auditevent" VALUES(97,'2026-12-02 22:38:41.099635',NULL,NULL,'rain_reading','30','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-19T13:00:00", "period_end": "2026-11-20T13:00:00", "amount_in": 0.49, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-20", "device_uuid": null, "user_id": null, "id": 30, "recorded_at": "2026-12-02T22:38:41.099306"}');
INSERT INTO "auditevent" VALUES(98,'2026-12-02 22:38:41.113336',NULL,NULL,'rain_reading','31','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-20T13:00:00", "period_end": "2026-11-21T13:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-21", "device_uuid": null, "user_id": null, "id": 31, "recorded_at": "2026-12-02T22:38:41.112977"}');
INSERT INTO "auditevent" VALUES(99,'2026-12-02 22:38:41.114125',NULL,NULL,'rain_reading','32','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-21T13:00:00", "period_end": "2026-11-22T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-22", "device_uuid": null, "user_id": null, "id": 32, "recorded_at": "2026-12-02T22:38:41.113870"}');
INSERT INTO "auditevent" VALUES(100,'2026-12-02 22:38:41.114783',NULL,NULL,'rain_reading','33','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-22T13:00:00", "period_end": "2026-11-23T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-23", "device_uuid": null, "user_id": null, "id": 33, "recorded_at": "2026-12-02T22:38:41.114544"}');
INSERT INTO "auditevent" VALUES(101,'2026-12-02 22:38:41.115537',NULL,NULL,'rain_reading','34','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-23T13:00:00", "period_end": "2026-11-24T13:00:00", "amount_in": 0.0, "trace": true, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-24", "device_uuid": null, "user_id": null, "id": 34, "recorded_at": "2026-12-02T22:38:41.115192"}');
INSERT INTO "auditevent" VALUES(102,'2026-12-02 22:38:41.122170',NULL,NULL,'rain_reading','35','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-24T13:00:00", "period_end": "2026-11-25T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-25", "device_uuid": null, "user_id": null, "id": 35, "recorded_at": "2026-12-02T22:38:41.121791"}');
INSERT INTO "auditevent" VALUES(103,'2026-12-02 22:38:41.123020',NULL,NULL,'rain_reading','36','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-25T13:00:00", "period_end": "2026-11-26T13:00:00", "amount_in": 0.0, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-26", "device_uuid": null, "user_id": null, "id": 36, "recorded_at": "2026-12-02T22:38:41.122751"}');
INSERT INTO "auditevent" VALUES(104,'2026-12-02 22:38:41.123678',NULL,NULL,'rain_reading','37','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-26T13:00:00", "period_end": "2026-11-27T13:00:00", "amount_in": 0.08, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-27", "device_uuid": null, "user_id": null, "id": 37, "recorded_at": "2026-12-02T22:38:41.123448"}');
INSERT INTO "auditevent" VALUES(105,'2026-12-02 22:38:41.133468',NULL,NULL,'rain_reading','38','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-27T13:00:00", "period_end": "2026-11-28T13:00:00", "amount_in": 0.08, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-28", "device_uuid": null, "user_id": null, "id": 38, "recorded_at": "2026-12-02T22:38:41.133104"}');
INSERT INTO "auditevent" VALUES(106,'2026-12-02 22:38:41.134233',NULL,NULL,'rain_reading','39','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-28T13:00:00", "period_end": "2026-11-29T13:00:00", "amount_in": 0.21, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-29", "device_uuid": null, "user_id": null, "id": 39, "recorded_at": "2026-12-02T22:38:41.133984"}');
INSERT INTO "auditevent" VALUES(107,'2026-12-02 22:38:41.134909',NULL,NULL,'rain_reading','40','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-29T13:00:00", "period_end": "2026-11-30T13:00:00", "amount_in": 0.8, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-11-30", "device_uuid": null, "user_id": null, "id": 40, "recorded_at": "2026-12-02T22:38:41.134676"}');
INSERT INTO "auditevent" VALUES(108,'2026-12-02 22:38:41.135638',NULL,NULL,'rain_reading','41','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-11-30T13:00:00", "period_end": "2026-12-01T13:00:00", "amount_in": 0.0, "trace": true, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-12-01", "device_uuid": null, "user_id": null, "id": 41, "recorded_at": "2026-12-02T22:38:41.135390"}');
INSERT INTO "auditevent" VALUES(109,'2026-12-02 22:38:41.145714',NULL,NULL,'rain_reading','42','create',NULL,'null','{"gauge_id": 1, "period_start": "2026-12-01T13:00:00", "period_end": "2026-12-02T13:00:00", "amount_in": 0.04, "trace": false, "source": "cocorahs", "source_key": "demo:WI-FD-7:2026-12-02", "device_uuid": null, "user_id": null, "id": 42, "recorded_at": "2026-12-02T22:38:41.145319"}');
INSERT INTO "auditevent" VALUES(110,'2026-12-02 22:38:41.146562',NULL,NULL,'rain_gauge','2','create',NULL,'null','{"name": "Badger Utility on-site gauge", "kind": "onsite", "station_code": "onsite-badger-1", "latitude": 43.8336, "longitude": -88.8641, "id": 2, "created_at": "2026-12-02T22:38:41.146295"}');
INSERT INTO "auditevent" VALUES(111,'2026-12-02 22:38:41.147314',NULL,NULL,'rain_reading','43','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-18T13:00:00", "period_end": "2026-11-19T13:00:00", "amount_in": 0.08, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-19", "device_uuid": null, "user_id": null, "id": 43, "recorded_at": "2026-12-02T22:38:41.147063"}');
INSERT INTO "auditevent" VALUES(112,'2026-12-02 22:38:41.156682',NULL,NULL,'rain_reading','44','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-19T13:00:00", "period_end": "2026-11-20T13:00:00", "amount_in": 0.49, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-20", "device_uuid": null, "user_id": null, "id": 44, "recorded_at": "2026-12-02T22:38:41.155860"}');
INSERT INTO "auditevent" VALUES(113,'2026-12-02 22:38:41.157988',NULL,NULL,'rain_reading','45','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-20T13:00:00", "period_end": "2026-11-21T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-21", "device_uuid": null, "user_id": null, "id": 45, "recorded_at": "2026-12-02T22:38:41.157624"}');
INSERT INTO "auditevent" VALUES(114,'2026-12-02 22:38:41.158815',NULL,NULL,'rain_reading','46','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-21T13:00:00", "period_end": "2026-11-22T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-22", "device_uuid": null, "user_id": null, "id": 46, "recorded_at": "2026-12-02T22:38:41.158561"}');
INSERT INTO "auditevent" VALUES(115,'2026-12-02 22:38:41.159542',NULL,NULL,'rain_reading','47','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-22T13:00:00", "period_end": "2026-11-23T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-23", "device_uuid": null, "user_id": null, "id": 47, "recorded_at": "2026-12-02T22:38:41.159303"}');
INSERT INTO "auditevent" VALUES(116,'2026-12-02 22:38:41.172517',NULL,NULL,'rain_reading','48','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-23T13:00:00", "period_end": "2026-11-24T13:00:00", "amount_in": 0.0, "trace": true, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-24", "device_uuid": null, "user_id": null, "id": 48, "recorded_at": "2026-12-02T22:38:41.172099"}');
INSERT INTO "auditevent" VALUES(117,'2026-12-02 22:38:41.173414',NULL,NULL,'rain_reading','49','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-24T13:00:00", "period_end": "2026-11-25T13:00:00", "amount_in": 0.12, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-25", "device_uuid": null, "user_id": null, "id": 49, "recorded_at": "2026-12-02T22:38:41.173158"}');
INSERT INTO "auditevent" VALUES(118,'2026-12-02 22:38:41.174293',NULL,NULL,'rain_reading','50','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-25T13:00:00", "period_end": "2026-11-26T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-26", "device_uuid": null, "user_id": null, "id": 50, "recorded_at": "2026-12-02T22:38:41.173938"}');
INSERT INTO "auditevent" VALUES(119,'2026-12-02 22:38:41.175231',NULL,NULL,'rain_reading','51','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-26T13:00:00", "period_end": "2026-11-27T13:00:00", "amount_in": 0.08, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-27", "device_uuid": null, "user_id": null, "id": 51, "recorded_at": "2026-12-02T22:38:41.174963"}');
INSERT INTO "auditevent" VALUES(120,'2026-12-02 22:38:41.192902',NULL,NULL,'rain_reading','52','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-27T13:00:00", "period_end": "2026-11-28T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-28", "device_uuid": null, "user_id": null, "id": 52, "recorded_at": "2026-12-02T22:38:41.192133"}');
INSERT INTO "auditevent" VALUES(121,'2026-12-02 22:38:41.194159',NULL,NULL,'rain_reading','53','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-28T13:00:00", "period_end": "2026-11-29T13:00:00", "amount_in": 0.0, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-29", "device_uuid": null, "user_id": null, "id": 53, "recorded_at": "2026-12-02T22:38:41.193810"}');
INSERT INTO "auditevent" VALUES(122,'2026-12-02 22:38:41.194939',NULL,NULL,'rain_reading','54','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-29T13:00:00", "period_end": "2026-11-30T13:00:00", "amount_in": 0.83, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-11-30", "device_uuid": null, "user_id": null, "id": 54, "recorded_at": "2026-12-02T22:38:41.194695"}');
INSERT INTO "auditevent" VALUES(123,'2026-12-02 22:38:41.204031',NULL,NULL,'rain_reading','55','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-11-30T13:00:00", "period_end": "2026-12-01T13:00:00", "amount_in": 0.02, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-12-01", "device_uuid": null, "user_id": null, "id": 55, "recorded_at": "2026-12-02T22:38:41.195470"}');
INSERT INTO "auditevent" VALUES(124,'2026-12-02 22:38:41.205956',NULL,NULL,'rain_reading','56','create',NULL,'null','{"gauge_id": 2, "period_start": "2026-12-01T13:00:00", "period_end": "2026-12-02T13:00:00", "amount_in": 0.04, "trace": false, "source": "onsite", "source_key": "demo:onsite-badger-1:2026-12-02", "device_uuid": null, "user_id": null, "id": 56, "recorded_at": "2026-12-02T22:38:41.205485"}');
INSERT INTO "auditevent" VALUES(125,'2026-12-02 22:38:41.229153',NULL,NULL,'site','1','packet',1,'null','{"gauge_id": 1}');
INSERT INTO "auditevent" VALUES(126,'2026-12-02 22:38:41.229318',NULL,NULL,'rain_gauge','1','link',1,'null','{"site_id": 1}');
INSERT INTO "auditevent" VALUES(127,'2026-12-02 22:38:41.229417',NULL,NULL,'site','2','packet',2,'null','{"gauge_id": 2}');
INSERT INTO "auditevent" VALUES(128,'2026-12-02 22:38:41.229509',NULL,NULL,'rain_gauge','2','link',2,'null','{"site_id": 2}');
INSERT INTO "auditevent" VALUES(129,'2026-12-02 22:38:41.229582',NULL,NULL,'site','3','packet',3,'null','{"gauge_id": 2}');
INSERT INTO "auditevent" VALUES(130,'2026-12-02 22:38:41.229653',NULL,NULL,'rain_gauge','2','link',3,'null','{"site_id": 3}');
INSERT INTO "auditevent" VALUES(131,'2026-12-02 22:38:41.229731',NULL,NULL,'site','4','packet',4,'null','{"gauge_id": 2}');
INSERT INTO "auditevent" VALUES(132,'2026-12-02 22:38:41.229810',NULL,NULL,'rain_gauge','2','link',4,'null','{"site_id": 4}');
INSERT INTO "auditevent" VALUES(133,'2026-12-02 22:38:41.229884',NULL,NULL,'site','5','packet',5,'null','{"gauge_id": 1}');
INSERT INTO "auditevent" VALUES(134,'2026-12-02 22:38:41.229962',NULL,NULL,'rain_gauge','1','link',5,'null','{"site_id": 5}');
INSERT INTO "auditevent" VALUES(135,'2026-12-02 22:38:41.230039',NULL,NULL,'site','6','packet',6,'null','{"gauge_id": 2}');
INSERT INTO "auditevent" VALUES(136,'2026-12-02 22:38:41.230111',NULL,NULL,'rain_gauge','2','link',6,'null','{"site_id": 6}');
INSERT INTO "auditevent" VALUES(137,'2026-12-02 22:38:41.253777',NULL,NULL,'rain_event','1','create',NULL,'null','{"gauge_id": 1, "start": "2026-11-08T13:00:00", "end": "2026-11-09T13:00:00", "total_in": 0.62, "id": 1, "created_at": "2026-12-02T22:38:41.243339"}');
INSERT INTO "auditevent" VALUES(138,'2026-12-02 22:38:41.253953',NULL,NULL,'rain_event','2','create',NULL,'null','{"gauge_id": 1, "start": "2026-11-29T13:00:00", "end": "2026-11-30T13:00:00", "total_in": 0.8, "id": 2, "created_at": "2026-12-02T22:38:41.243527"}');
INSERT INTO "auditevent" VALUES(139,'2026-12-02 22:38:41.264107',NULL,NULL,'site','1','packet',1,'null','{"rain_events": [1, 2]}');
INSERT INTO "auditevent" VALUES(140,'2026-12-02 22:38:41.264249',NULL,NULL,'site','5','packet',5,'null','{"rain_events": [1, 2]}');
INSERT INTO "auditevent" VALUES(141,'2026-12-02 22:38:41.266763',NULL,NULL,'rain_event','3','create',NULL,'null','{"gauge_id": 2, "start": "2026-11-29T13:00:00", "end": "2026-11-30T13:00:00", "total_in": 0.83, "id": 3, "created_at": "2026-12-02T22:38:41.266117"}');
INSERT INTO "auditevent" VALUES(142,'2026-12-02 22:38:41.267284',NULL,NULL,'site','2','packet',2,'null','{"rain_events": [3]}');
INSERT INTO "auditevent" VALUES(143,'2026-12-02 22:38:41.267351',NULL,NULL,'site','3','packet',3,'null','{"rain_events": [3]}');
INSERT INTO "auditevent" VALUES(144,'2026-12-02 22:38:41.267406',NULL,NULL,'site','4','packet',4,'null','{"rain_events": [3]}');
INSERT INTO "auditevent" VALUES(145,'2026-12-02 22:38:41.267455',NULL,NULL,'site','6','packet',6,'null','{"rain_events": [3]}');
INSERT INTO "auditevent" VALUES(146,'2026-12-02 22:38:41.289830',2,NULL,'device','00008c82-ce3c-4ca4-a0bd-fea371c64303','enroll',NULL,'null','{"name": "Truck tablet", "user_id": 2}');
INSERT INTO "auditevent" VALUES(147,'2026-12-02 22:38:41.343017',2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','inspection','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','submit',1,'null','{"kind": "weekly", "inspected_on": "2026-11-30", "sha256": "ddde85838d897daada2998e68186f3c068a41f614d05eddeb365d0f4dd78b2b8", "replaces_id": null, "answers": 14, "photos": 2}');
INSERT INTO "auditevent" VALUES(148,'2026-12-02 22:38:41.343017',2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','site','1','packet',1,'null','{"why": "inspection"}');
INSERT INTO "auditevent" VALUES(149,'2026-12-02 22:38:41.449924',2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','inspection','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','photo',1,'null','{"photo_id": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e02"}');
CREATE TABLE company (
	id INTEGER NOT NULL, 
	name VARCHAR(200) NOT NULL, 
	contact_email VARCHAR(254), 
	phone VARCHAR(40), 
	PRIMARY KEY (id)
);
INSERT INTO "company" VALUES(1,'Prairie Builders LLC',NULL,NULL);
INSERT INTO "company" VALUES(2,'Badger Utility Contractors',NULL,NULL);
CREATE TABLE controlmeasurenotice (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	measure VARCHAR(200) NOT NULL, 
	installed_on DATE NOT NULL, 
	notified_at DATETIME NOT NULL, 
	notified_by INTEGER, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(notified_by) REFERENCES user (id)
);
INSERT INTO "controlmeasurenotice" VALUES(1,1,'Silt fence, east and south sides','2026-09-30','2026-10-03 13:00:00.000000',3);
INSERT INTO "controlmeasurenotice" VALUES(2,3,'Silt fence, east and south sides','2026-09-30','2026-10-03 13:00:00.000000',4);
CREATE TABLE controlplandocument (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	kind VARCHAR(40) NOT NULL, 
	filename VARCHAR(255) NOT NULL, 
	content_type VARCHAR(100) NOT NULL, 
	size INTEGER NOT NULL, 
	sha256 VARCHAR(64) NOT NULL, 
	file_id INTEGER NOT NULL, 
	uploaded_by INTEGER, 
	uploaded_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(file_id) REFERENCES storedfile (id), 
	FOREIGN KEY(uploaded_by) REFERENCES user (id)
);
INSERT INTO "controlplandocument" VALUES(1,1,'existing_site_map','existing_site_map.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',1,3,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(2,1,'site_construction_plan','site_construction_plan.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',2,3,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(3,1,'final_site_conditions','final_site_conditions.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',3,3,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(4,2,'existing_site_map','existing_site_map.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',4,3,'2026-10-23 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(5,2,'site_construction_plan','site_construction_plan.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',5,3,'2026-10-23 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(6,2,'final_site_conditions','final_site_conditions.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',6,3,'2026-10-23 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(7,3,'existing_site_map','existing_site_map.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',7,4,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(8,3,'site_construction_plan','site_construction_plan.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',8,4,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(9,3,'final_site_conditions','final_site_conditions.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',9,4,'2026-09-18 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(10,4,'existing_site_map','existing_site_map.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',10,4,'2026-11-23 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(11,4,'site_construction_plan','site_construction_plan.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',11,4,'2026-11-23 00:00:00.000000');
INSERT INTO "controlplandocument" VALUES(12,4,'final_site_conditions','final_site_conditions.pdf','application/pdf',45,'5a838678058f6de375e8635b5f2fea47a4e5f07cb1a882a44b10f39abc6f34ff',12,4,'2026-11-23 00:00:00.000000');
CREATE TABLE device (
	id VARCHAR(36) NOT NULL, 
	name VARCHAR(100) NOT NULL, 
	user_id INTEGER NOT NULL, 
	token_hash VARCHAR(64) NOT NULL, 
	created_at DATETIME NOT NULL, 
	revoked_at DATETIME, 
	revoked_by INTEGER, 
	last_seen_at DATETIME, 
	PRIMARY KEY (id), 
	FOREIGN KEY(user_id) REFERENCES user (id), 
	FOREIGN KEY(revoked_by) REFERENCES user (id)
);
INSERT INTO "device" VALUES('00008c82-ce3c-4ca4-a0bd-fea371c64303','Truck tablet',2,'398304a8de78ce3f8fbc488032b436b565a3abde2366338b1c8c70b94fd30f1a','2026-12-02 22:38:41.279578',NULL,NULL,'2026-12-02 22:38:41.341631');
CREATE TABLE finding (
	id VARCHAR(36) NOT NULL, 
	site_id INTEGER NOT NULL, 
	inspection_id VARCHAR(36) NOT NULL, 
	item_code VARCHAR(20) NOT NULL, 
	severity VARCHAR(10) NOT NULL, 
	description VARCHAR NOT NULL, 
	required_action VARCHAR NOT NULL, 
	citation VARCHAR NOT NULL, 
	due_at DATETIME NOT NULL, 
	status VARCHAR(10) NOT NULL, 
	company_id INTEGER, 
	corrected_note VARCHAR NOT NULL, 
	corrected_at DATETIME, 
	corrected_by INTEGER, 
	verified_by INTEGER, 
	verified_at DATETIME, 
	version INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(site_id) REFERENCES site (id), 
	FOREIGN KEY(inspection_id) REFERENCES inspection (id), 
	FOREIGN KEY(company_id) REFERENCES company (id), 
	FOREIGN KEY(corrected_by) REFERENCES user (id), 
	FOREIGN KEY(verified_by) REFERENCES user (id)
);
INSERT INTO "finding" VALUES('74afba42-ae1f-5abe-81e5-30362752b823',1,'e784358c-085d-50d0-bcfc-c979bd3fe79b','INLET','critical','Filter fabric torn at the Oak Street inlet; sediment at half depth.','Clean or replace the inlet protection.','§ 256-7B(4)','2026-10-23 13:40:00.000000','open',1,'',NULL,NULL,NULL,NULL,1,'2026-10-22 13:45:00.000000','2026-10-22 13:45:00.000000');
INSERT INTO "finding" VALUES('c88e397d-68ea-5878-bf2c-a2a2fd0b75cb',1,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','TRACK-STREET','critical','Mud tracked 60 ft onto the street at the haul entrance.','Clean the street before the end of the workday.','§ 256-7B(3)','2026-11-30 23:00:00.000000','open',1,'',NULL,NULL,NULL,NULL,1,'2026-11-26 13:45:00.000000','2026-11-26 13:45:00.000000');
INSERT INTO "finding" VALUES('a17d22f7-d913-5782-9157-667633a2c401',1,'a4cc6b82-a386-5b6e-b0f0-1e16f803e3df','BASIN','critical','Sediment at half the height of the control; needs cleaning.','Build, dredge or repair the basin.','§ 256-7B(5)(c)[2]','2026-11-27 13:40:00.000000','open',1,'',NULL,NULL,NULL,NULL,1,'2026-11-26 13:45:00.000000','2026-11-26 13:45:00.000000');
INSERT INTO "finding" VALUES('f9a9bd03-a27d-5769-92cc-a1ff3ae3fbc4',3,'ae39851b-583d-5606-850b-7cb89e003908','INLET','critical','Filter fabric torn at the Oak Street inlet; sediment at half depth.','Clean or replace the inlet protection.','§ 256-7B(4)','2026-10-23 13:40:00.000000','open',2,'',NULL,NULL,NULL,NULL,1,'2026-10-22 13:45:00.000000','2026-10-22 13:45:00.000000');
INSERT INTO "finding" VALUES('209c652b-9d64-5392-accc-5e5c5c7ddcc0',3,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','TRACK-STREET','critical','Mud tracked 60 ft onto the street at the haul entrance.','Clean the street before the end of the workday.','§ 256-7B(3)','2026-11-30 23:00:00.000000','open',2,'',NULL,NULL,NULL,NULL,1,'2026-11-26 13:45:00.000000','2026-11-26 13:45:00.000000');
INSERT INTO "finding" VALUES('44f59311-f8e1-5de8-b6dc-f39b2eaa2c5a',3,'cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8','PERIMETER','critical','Sediment at half the height of the control; needs cleaning.','Repair the fence and remove the sediment.','§ 256-7B(5)(c)[1]','2026-11-27 13:40:00.000000','open',2,'',NULL,NULL,NULL,NULL,1,'2026-11-26 13:45:00.000000','2026-11-26 13:45:00.000000');
CREATE TABLE inspection (
	id VARCHAR(36) NOT NULL, 
	site_id INTEGER NOT NULL, 
	permit_id INTEGER, 
	kind VARCHAR(20) NOT NULL, 
	by_village BOOLEAN NOT NULL, 
	inspector_name VARCHAR(200) NOT NULL, 
	inspected_on DATE NOT NULL, 
	started_at DATETIME, 
	ended_at DATETIME, 
	weather VARCHAR NOT NULL, 
	phase VARCHAR NOT NULL, 
	notes VARCHAR NOT NULL, 
	active_disturbance BOOLEAN NOT NULL, 
	rain_event_id INTEGER, 
	finding_id VARCHAR, 
	catalog_version VARCHAR(40) NOT NULL, 
	replaces_id VARCHAR, 
	photos_expected INTEGER NOT NULL, 
	sha256 VARCHAR(64), 
	user_id INTEGER, 
	device_id VARCHAR(64), 
	submitted_at DATETIME NOT NULL, 
	received_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(site_id) REFERENCES site (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(replaces_id) REFERENCES inspection (id), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "inspection" VALUES('3220ef96-e44c-5376-9633-8c64b4405e67',1,1,'weekly',0,'Sam Lindqvist','2026-10-01','2026-10-01 13:00:00.000000','2026-10-01 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'5bfda08d7eb20dbef86060de3a827fa2b9c486e07b44f39f19f88168a5e473fd',3,NULL,'2026-10-01 13:41:00.000000','2026-10-01 13:45:00.000000');
INSERT INTO "inspection" VALUES('2774e6ae-1307-5e42-88d9-ee85adb7640b',1,1,'weekly',0,'Sam Lindqvist','2026-10-08','2026-10-08 13:00:00.000000','2026-10-08 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'401a8e35d428efed2faf731285d97650ed217bf877e1406c14fde59ed0d4706f',3,NULL,'2026-10-08 13:41:00.000000','2026-10-08 13:45:00.000000');
INSERT INTO "inspection" VALUES('029c127a-83ec-55ff-b4dd-96bb376c3fc8',1,1,'village',1,'Luis Ortega','2026-10-15','2026-10-15 13:00:00.000000','2026-10-15 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'3d00af36cf5900a98a5bbc2d419f17dc7a197be24b82608a977b2cc577cfbbe2',2,NULL,'2026-10-15 13:41:00.000000','2026-10-15 13:45:00.000000');
INSERT INTO "inspection" VALUES('e784358c-085d-50d0-bcfc-c979bd3fe79b',1,1,'weekly',0,'Sam Lindqvist','2026-10-22','2026-10-22 13:00:00.000000','2026-10-22 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'6933dd7545d5444ed34d46dc9fd59b09acf56c89c4c173901b104af2bb711011',3,NULL,'2026-10-22 13:41:00.000000','2026-10-22 13:45:00.000000');
INSERT INTO "inspection" VALUES('8c7d4489-117d-59f1-84aa-4c3318ea3a53',1,1,'weekly',0,'Sam Lindqvist','2026-10-29','2026-10-29 13:00:00.000000','2026-10-29 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'c1d845d16fd733bb7b550d1c703102b52b0fd9da1d55e8462ba64f976f41126c',3,NULL,'2026-10-29 13:41:00.000000','2026-10-29 13:45:00.000000');
INSERT INTO "inspection" VALUES('44fb16d5-6d80-5047-a8dc-e1aa0ac8be5b',1,1,'weekly',0,'Sam Lindqvist','2026-11-05','2026-11-05 13:00:00.000000','2026-11-05 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'a5597d80c0998a5cd6d1afa04c0f3382b07133e91675c8b5efd58503af563570',3,NULL,'2026-11-05 13:41:00.000000','2026-11-05 13:45:00.000000');
INSERT INTO "inspection" VALUES('293fe9d5-7fbd-51f4-a456-481bac6b7ab6',1,1,'village',1,'Luis Ortega','2026-11-12','2026-11-12 13:00:00.000000','2026-11-12 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'583a6d2137eaaddfbe3393fb0c185e08ddd6834e4519b18e1352588aee757778',2,NULL,'2026-11-12 13:41:00.000000','2026-11-12 13:45:00.000000');
INSERT INTO "inspection" VALUES('3a71afe3-84d1-5974-872f-ed0fbd5991f2',1,1,'weekly',0,'Sam Lindqvist','2026-11-19','2026-11-19 13:00:00.000000','2026-11-19 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'e69718cb4c481915d023e3d9beb3cbab7c3b097e1a64373ee8dd91335ba66a6d',3,NULL,'2026-11-19 13:41:00.000000','2026-11-19 13:45:00.000000');
INSERT INTO "inspection" VALUES('a4cc6b82-a386-5b6e-b0f0-1e16f803e3df',1,1,'weekly',0,'Sam Lindqvist','2026-11-26','2026-11-26 13:00:00.000000','2026-11-26 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'2a18b00d922502a33ba2ae32d9800fa722baa3a8aa7cf02a75ee4f79855f6da3',3,NULL,'2026-11-26 13:41:00.000000','2026-11-26 13:45:00.000000');
INSERT INTO "inspection" VALUES('bccb64ab-f21d-5aab-8c01-0e146c7a94a3',3,3,'weekly',0,'Jo Nakamura','2026-10-01','2026-10-01 13:00:00.000000','2026-10-01 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'18b44b42102e092b21030185d5dfe1fea153c4ef9a244b4cee99e5a63d042d95',4,NULL,'2026-10-01 13:41:00.000000','2026-10-01 13:45:00.000000');
INSERT INTO "inspection" VALUES('8a3adf07-82b1-5d89-8b0c-48a48c091c5d',3,3,'weekly',0,'Jo Nakamura','2026-10-08','2026-10-08 13:00:00.000000','2026-10-08 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'5a118eebde3040d1e6b301f071578e03d12d7c25025d843d4312ca8e4ab63bbe',4,NULL,'2026-10-08 13:41:00.000000','2026-10-08 13:45:00.000000');
INSERT INTO "inspection" VALUES('a8bb18a1-d946-50cf-9b48-2f2f1e369c25',3,3,'village',1,'Luis Ortega','2026-10-15','2026-10-15 13:00:00.000000','2026-10-15 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'131685e6c8a9575729ed60d15b733f82cb3bd89a068f0865dcfad653b5e5f179',2,NULL,'2026-10-15 13:41:00.000000','2026-10-15 13:45:00.000000');
INSERT INTO "inspection" VALUES('ae39851b-583d-5606-850b-7cb89e003908',3,3,'weekly',0,'Jo Nakamura','2026-10-22','2026-10-22 13:00:00.000000','2026-10-22 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'cee583053e2621e89e3f0b3c9b645e5ae1360ed9683e9603cda185301613e66b',4,NULL,'2026-10-22 13:41:00.000000','2026-10-22 13:45:00.000000');
INSERT INTO "inspection" VALUES('0a5ea44c-d414-58e9-bf2b-6d1b7b2562ac',3,3,'weekly',0,'Jo Nakamura','2026-10-29','2026-10-29 13:00:00.000000','2026-10-29 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'6a969fd46aa20a21df0b69894544d533a057b229b0b25dbf1713a2b815135ecd',4,NULL,'2026-10-29 13:41:00.000000','2026-10-29 13:45:00.000000');
INSERT INTO "inspection" VALUES('bfad49f0-b893-51b3-b33f-d10f78e51693',3,3,'weekly',0,'Jo Nakamura','2026-11-05','2026-11-05 13:00:00.000000','2026-11-05 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'53680f98a7d12f69b11efe819a8d5ca4c93f920a22996ed158cf62fbcca7048b',4,NULL,'2026-11-05 13:41:00.000000','2026-11-05 13:45:00.000000');
INSERT INTO "inspection" VALUES('6d3aa2aa-ceb3-5cf8-a999-a0680970def4',3,3,'village',1,'Luis Ortega','2026-11-12','2026-11-12 13:00:00.000000','2026-11-12 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'d9ade7fbf836c40e4a99b4b837a885e325d88689e48bfa7215cf85396a4717b5',2,NULL,'2026-11-12 13:41:00.000000','2026-11-12 13:45:00.000000');
INSERT INTO "inspection" VALUES('c43e0c75-bf5c-520e-abbe-1a4a02d314e5',3,3,'weekly',0,'Jo Nakamura','2026-11-19','2026-11-19 13:00:00.000000','2026-11-19 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'89acc0362a2b567a895b790c161d17cf93fbb0db271ba793c5bc1eb187457722',4,NULL,'2026-11-19 13:41:00.000000','2026-11-19 13:45:00.000000');
INSERT INTO "inspection" VALUES('cdaabd3d-872f-5d8c-9ba1-b81713ee2ba8',3,3,'weekly',0,'Jo Nakamura','2026-11-26','2026-11-26 13:00:00.000000','2026-11-26 13:40:00.000000','Overcast, 48 °F','Rough grading','',1,NULL,NULL,'2026.12-1',NULL,0,'0c3b98444ac2615f494d9bd8a3b5bad5d3b06f54b9045ed4b12f2262645ec642',4,NULL,'2026-11-26 13:41:00.000000','2026-11-26 13:45:00.000000');
INSERT INTO "inspection" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01',1,1,'weekly',1,'Luis Ortega','2026-11-30','2026-11-30 15:00:00.000000','2026-11-30 15:40:00.000000','Overcast','Grading','Synced from the truck tablet',1,NULL,NULL,'2026.12-1',NULL,2,'ddde85838d897daada2998e68186f3c068a41f614d05eddeb365d0f4dd78b2b8',2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','2026-12-02 22:38:41.343017','2026-12-02 22:38:41.343017');
CREATE TABLE notificationlog (
	id INTEGER NOT NULL, 
	user_id INTEGER NOT NULL, 
	"key" VARCHAR(200) NOT NULL, 
	site_id INTEGER, 
	subject VARCHAR(300) NOT NULL, 
	sent_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (user_id, "key"), 
	FOREIGN KEY(user_id) REFERENCES user (id), 
	FOREIGN KEY(site_id) REFERENCES site (id)
);
CREATE TABLE orderevent (
	id INTEGER NOT NULL, 
	order_id VARCHAR(36) NOT NULL, 
	status VARCHAR(30) NOT NULL, 
	note VARCHAR NOT NULL, 
	by_user_id INTEGER, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(order_id) REFERENCES stopworkorder (id), 
	FOREIGN KEY(by_user_id) REFERENCES user (id)
);
CREATE TABLE permit (
	site_id INTEGER NOT NULL, 
	company_id INTEGER NOT NULL, 
	applicant_name VARCHAR(200) NOT NULL, 
	application_received_on DATE NOT NULL, 
	fee_paid_on DATE, 
	building_permit_until DATE, 
	id INTEGER NOT NULL, 
	number VARCHAR(40), 
	status VARCHAR(20) NOT NULL, 
	issued_on DATE, 
	expires_on DATE, 
	extension_days INTEGER NOT NULL, 
	decision_reason VARCHAR, 
	decided_by INTEGER, 
	decided_at DATETIME, 
	commenced_at DATETIME, 
	commencement_notified_at DATETIME, 
	conditions_acknowledged_at DATETIME, 
	conditions_acknowledged_by INTEGER, 
	version INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(site_id) REFERENCES site (id), 
	FOREIGN KEY(company_id) REFERENCES company (id), 
	FOREIGN KEY(decided_by) REFERENCES user (id), 
	FOREIGN KEY(conditions_acknowledged_by) REFERENCES user (id)
);
INSERT INTO "permit" VALUES(1,1,'Sam Lindqvist','2026-09-18','2026-09-18',NULL,1,'ECP-2026-0001','issued','2026-09-24','2027-03-23',0,NULL,1,'2026-09-24 16:00:00.000000','2026-09-28 13:00:00.000000','2026-09-29 09:00:00.000000','2026-09-24 16:00:00.000000',3,3,'2026-12-02 22:38:39.889606','2026-12-02 22:38:39.960051');
INSERT INTO "permit" VALUES(2,1,'Sam Lindqvist','2026-10-23','2026-10-23',NULL,2,'ECP-2026-0002','issued','2026-10-29','2027-04-27',0,NULL,1,'2026-10-29 16:00:00.000000',NULL,NULL,'2026-10-29 16:00:00.000000',3,2,'2026-12-02 22:38:40.447485','2026-12-02 22:38:40.474129');
INSERT INTO "permit" VALUES(3,2,'Jo Nakamura','2026-09-18','2026-09-18',NULL,3,'ECP-2026-0003','issued','2026-09-24','2027-03-23',0,NULL,1,'2026-09-24 16:00:00.000000','2026-09-28 13:00:00.000000','2026-09-29 09:00:00.000000','2026-09-24 16:00:00.000000',4,3,'2026-12-02 22:38:40.500294','2026-12-02 22:38:40.518225');
INSERT INTO "permit" VALUES(4,2,'Jo Nakamura','2026-11-23','2026-11-23',NULL,4,NULL,'under_review',NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,2,'2026-12-02 22:38:40.804283','2026-12-02 22:38:40.829907');
INSERT INTO "permit" VALUES(5,1,'Sam Lindqvist','2026-11-30',NULL,NULL,5,NULL,'applied',NULL,NULL,0,NULL,NULL,NULL,NULL,NULL,NULL,NULL,1,'2026-12-02 22:38:40.843471','2026-12-02 22:38:40.843491');
CREATE TABLE permitevent (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	status VARCHAR(20) NOT NULL, 
	note VARCHAR NOT NULL, 
	by_user_id INTEGER, 
	at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(by_user_id) REFERENCES user (id)
);
INSERT INTO "permitevent" VALUES(1,1,'applied','Application received 2026-09-18',1,'2026-09-18 15:00:00.000000');
INSERT INTO "permitevent" VALUES(2,1,'issued','Issued; valid until 2027-03-23 (§ 256-8D(1))',1,'2026-09-24 16:00:00.000000');
INSERT INTO "permitevent" VALUES(3,2,'applied','Application received 2026-10-23',1,'2026-10-23 15:00:00.000000');
INSERT INTO "permitevent" VALUES(4,2,'issued','Issued; valid until 2027-04-27 (§ 256-8D(1))',1,'2026-10-29 16:00:00.000000');
INSERT INTO "permitevent" VALUES(5,3,'applied','Application received 2026-09-18',1,'2026-09-18 15:00:00.000000');
INSERT INTO "permitevent" VALUES(6,3,'issued','Issued; valid until 2027-03-23 (§ 256-8D(1))',1,'2026-09-24 16:00:00.000000');
INSERT INTO "permitevent" VALUES(7,4,'applied','Application received 2026-11-23',1,'2026-11-23 15:00:00.000000');
INSERT INTO "permitevent" VALUES(8,4,'under_review','Review started',2,'2026-11-24 15:00:00.000000');
INSERT INTO "permitevent" VALUES(9,5,'applied','Application received 2026-11-30',1,'2026-11-30 15:00:00.000000');
CREATE TABLE permitextension (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	days INTEGER NOT NULL, 
	conditions VARCHAR NOT NULL, 
	granted_by INTEGER, 
	granted_at DATETIME NOT NULL, 
	new_expires_on DATE NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(granted_by) REFERENCES user (id)
);
CREATE TABLE photo (
	id VARCHAR(36) NOT NULL, 
	inspection_id VARCHAR(36), 
	finding_id VARCHAR(36), 
	item_code VARCHAR(20), 
	sha256 VARCHAR(64) NOT NULL, 
	content_type VARCHAR(40) NOT NULL, 
	width INTEGER NOT NULL, 
	height INTEGER NOT NULL, 
	size INTEGER NOT NULL, 
	taken_at DATETIME, 
	latitude FLOAT, 
	longitude FLOAT, 
	file_id INTEGER NOT NULL, 
	thumb_file_id INTEGER, 
	user_id INTEGER, 
	device_id VARCHAR(64), 
	received_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(file_id) REFERENCES storedfile (id), 
	FOREIGN KEY(thumb_file_id) REFERENCES storedfile (id), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "photo" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e02','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01',NULL,NULL,'2feedfe1eb7ade5f4294ca4e93bd8f93c7ca2c0e708782e86cdb17a9685229ca','image/jpeg',96,72,1621,NULL,NULL,NULL,13,14,2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','2026-12-02 22:38:41.434501');
INSERT INTO "photo" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e04',NULL,NULL,NULL,'49e9436eb341a4656de65a736e69178c8278ccb7fc2b7b659b3d15b2ff7f7678','image/jpeg',96,72,1318,NULL,NULL,NULL,15,16,2,'00008c82-ce3c-4ca4-a0bd-fea371c64303','2026-12-02 22:38:41.468614');
CREATE TABLE photoclaim (
	photo_id VARCHAR(36) NOT NULL, 
	inspection_id VARCHAR(36), 
	finding_id VARCHAR(36), 
	item_code VARCHAR(20), 
	sha256 VARCHAR(64) NOT NULL, 
	taken_at DATETIME, 
	latitude FLOAT, 
	longitude FLOAT, 
	user_id INTEGER NOT NULL, 
	PRIMARY KEY (photo_id), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "photoclaim" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e02','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01',NULL,NULL,'2feedfe1eb7ade5f4294ca4e93bd8f93c7ca2c0e708782e86cdb17a9685229ca',NULL,NULL,NULL,2);
INSERT INTO "photoclaim" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e03','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01',NULL,NULL,'5b7547692122d043cbf3f55f6b7c820c1400bd210ad033b8d979d6725a49cb26',NULL,NULL,NULL,2);
CREATE TABLE planmodificationrequest (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	description VARCHAR NOT NULL, 
	requested_by INTEGER, 
	requested_at DATETIME NOT NULL, 
	decision VARCHAR(20), 
	decision_text VARCHAR, 
	decided_by INTEGER, 
	decided_at DATETIME, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(requested_by) REFERENCES user (id), 
	FOREIGN KEY(decided_by) REFERENCES user (id)
);
CREATE TABLE rainevent (
	id INTEGER NOT NULL, 
	gauge_id INTEGER NOT NULL, 
	start DATETIME NOT NULL, 
	"end" DATETIME NOT NULL, 
	total_in FLOAT NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(gauge_id) REFERENCES raingauge (id)
);
INSERT INTO "rainevent" VALUES(1,1,'2026-11-08 13:00:00.000000','2026-11-09 13:00:00.000000',0.62,'2026-12-02 22:38:41.243339');
INSERT INTO "rainevent" VALUES(2,1,'2026-11-29 13:00:00.000000','2026-11-30 13:00:00.000000',0.8,'2026-12-02 22:38:41.243527');
INSERT INTO "rainevent" VALUES(3,2,'2026-11-29 13:00:00.000000','2026-11-30 13:00:00.000000',0.83,'2026-12-02 22:38:41.266117');
CREATE TABLE raingauge (
	id INTEGER NOT NULL, 
	name VARCHAR(200) NOT NULL, 
	kind VARCHAR(20) NOT NULL, 
	station_code VARCHAR(60) NOT NULL, 
	latitude FLOAT NOT NULL, 
	longitude FLOAT NOT NULL, 
	created_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (station_code)
);
INSERT INTO "raingauge" VALUES(1,'Fairwater 0.4 NE (CoCoRaHS)','cocorahs','WI-FD-7',43.8395,-88.861,'2026-12-02 22:38:40.877957');
INSERT INTO "raingauge" VALUES(2,'Badger Utility on-site gauge','onsite','onsite-badger-1',43.8336,-88.8641,'2026-12-02 22:38:41.146295');
CREATE TABLE rainreading (
	id INTEGER NOT NULL, 
	gauge_id INTEGER NOT NULL, 
	period_start DATETIME NOT NULL, 
	period_end DATETIME NOT NULL, 
	amount_in FLOAT NOT NULL, 
	trace BOOLEAN NOT NULL, 
	source VARCHAR(20) NOT NULL, 
	source_key VARCHAR(120) NOT NULL, 
	device_uuid VARCHAR(36), 
	user_id INTEGER, 
	recorded_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(gauge_id) REFERENCES raingauge (id), 
	UNIQUE (source_key), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "rainreading" VALUES(1,1,'2026-10-21 12:00:00.000000','2026-10-22 12:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-10-22',NULL,NULL,'2026-12-02 22:38:40.900263');
INSERT INTO "rainreading" VALUES(2,1,'2026-10-22 12:00:00.000000','2026-10-23 12:00:00.000000',0.3,0,'cocorahs','demo:WI-FD-7:2026-10-23',NULL,NULL,'2026-12-02 22:38:40.912464');
INSERT INTO "rainreading" VALUES(3,1,'2026-10-23 12:00:00.000000','2026-10-24 12:00:00.000000',0.02,0,'cocorahs','demo:WI-FD-7:2026-10-24',NULL,NULL,'2026-12-02 22:38:40.914862');
INSERT INTO "rainreading" VALUES(4,1,'2026-10-24 12:00:00.000000','2026-10-25 12:00:00.000000',0.02,0,'cocorahs','demo:WI-FD-7:2026-10-25',NULL,NULL,'2026-12-02 22:38:40.929437');
INSERT INTO "rainreading" VALUES(5,1,'2026-10-25 12:00:00.000000','2026-10-26 12:00:00.000000',0.08,0,'cocorahs','demo:WI-FD-7:2026-10-26',NULL,NULL,'2026-12-02 22:38:40.931062');
INSERT INTO "rainreading" VALUES(6,1,'2026-10-26 12:00:00.000000','2026-10-27 12:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-10-27',NULL,NULL,'2026-12-02 22:38:40.945567');
INSERT INTO "rainreading" VALUES(7,1,'2026-10-27 12:00:00.000000','2026-10-28 12:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-10-28',NULL,NULL,'2026-12-02 22:38:40.947206');
INSERT INTO "rainreading" VALUES(8,1,'2026-10-28 12:00:00.000000','2026-10-29 12:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-10-29',NULL,NULL,'2026-12-02 22:38:40.961771');
INSERT INTO "rainreading" VALUES(9,1,'2026-10-29 12:00:00.000000','2026-10-30 12:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-10-30',NULL,NULL,'2026-12-02 22:38:40.963336');
INSERT INTO "rainreading" VALUES(10,1,'2026-10-30 12:00:00.000000','2026-10-31 12:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-10-31',NULL,NULL,'2026-12-02 22:38:40.973965');
INSERT INTO "rainreading" VALUES(11,1,'2026-10-31 13:00:00.000000','2026-11-01 13:00:00.000000',0.21,0,'cocorahs','demo:WI-FD-7:2026-11-01',NULL,NULL,'2026-12-02 22:38:40.975583');
INSERT INTO "rainreading" VALUES(12,1,'2026-11-01 13:00:00.000000','2026-11-02 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-02',NULL,NULL,'2026-12-02 22:38:40.990256');
INSERT INTO "rainreading" VALUES(13,1,'2026-11-02 13:00:00.000000','2026-11-03 13:00:00.000000',0.3,0,'cocorahs','demo:WI-FD-7:2026-11-03',NULL,NULL,'2026-12-02 22:38:40.991667');
INSERT INTO "rainreading" VALUES(14,1,'2026-11-03 13:00:00.000000','2026-11-04 13:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-11-04',NULL,NULL,'2026-12-02 22:38:41.009795');
INSERT INTO "rainreading" VALUES(15,1,'2026-11-04 13:00:00.000000','2026-11-05 13:00:00.000000',0.3,0,'cocorahs','demo:WI-FD-7:2026-11-05',NULL,NULL,'2026-12-02 22:38:41.011262');
INSERT INTO "rainreading" VALUES(16,1,'2026-11-05 13:00:00.000000','2026-11-06 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-06',NULL,NULL,'2026-12-02 22:38:41.029176');
INSERT INTO "rainreading" VALUES(17,1,'2026-11-06 13:00:00.000000','2026-11-07 13:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-11-07',NULL,NULL,'2026-12-02 22:38:41.030287');
INSERT INTO "rainreading" VALUES(18,1,'2026-11-07 13:00:00.000000','2026-11-08 13:00:00.000000',0.12,0,'cocorahs','demo:WI-FD-7:2026-11-08',NULL,NULL,'2026-12-02 22:38:41.031026');
INSERT INTO "rainreading" VALUES(19,1,'2026-11-08 13:00:00.000000','2026-11-09 13:00:00.000000',0.62,0,'cocorahs','demo:WI-FD-7:2026-11-09',NULL,NULL,'2026-12-02 22:38:41.039474');
INSERT INTO "rainreading" VALUES(20,1,'2026-11-09 13:00:00.000000','2026-11-10 13:00:00.000000',0.0,1,'cocorahs','demo:WI-FD-7:2026-11-10',NULL,NULL,'2026-12-02 22:38:41.049682');
INSERT INTO "rainreading" VALUES(21,1,'2026-11-10 13:00:00.000000','2026-11-11 13:00:00.000000',0.21,0,'cocorahs','demo:WI-FD-7:2026-11-11',NULL,NULL,'2026-12-02 22:38:41.050916');
INSERT INTO "rainreading" VALUES(22,1,'2026-11-11 13:00:00.000000','2026-11-12 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-12',NULL,NULL,'2026-12-02 22:38:41.063996');
INSERT INTO "rainreading" VALUES(23,1,'2026-11-12 13:00:00.000000','2026-11-13 13:00:00.000000',0.3,0,'cocorahs','demo:WI-FD-7:2026-11-13',NULL,NULL,'2026-12-02 22:38:41.065859');
INSERT INTO "rainreading" VALUES(24,1,'2026-11-13 13:00:00.000000','2026-11-14 13:00:00.000000',0.08,0,'cocorahs','demo:WI-FD-7:2026-11-14',NULL,NULL,'2026-12-02 22:38:41.067048');
INSERT INTO "rainreading" VALUES(25,1,'2026-11-14 13:00:00.000000','2026-11-15 13:00:00.000000',0.02,0,'cocorahs','demo:WI-FD-7:2026-11-15',NULL,NULL,'2026-12-02 22:38:41.080899');
INSERT INTO "rainreading" VALUES(26,1,'2026-11-15 13:00:00.000000','2026-11-16 13:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-11-16',NULL,NULL,'2026-12-02 22:38:41.082186');
INSERT INTO "rainreading" VALUES(27,1,'2026-11-16 13:00:00.000000','2026-11-17 13:00:00.000000',0.0,1,'cocorahs','demo:WI-FD-7:2026-11-17',NULL,NULL,'2026-12-02 22:38:41.083173');
INSERT INTO "rainreading" VALUES(28,1,'2026-11-17 13:00:00.000000','2026-11-18 13:00:00.000000',0.0,1,'cocorahs','demo:WI-FD-7:2026-11-18',NULL,NULL,'2026-12-02 22:38:41.096908');
INSERT INTO "rainreading" VALUES(29,1,'2026-11-18 13:00:00.000000','2026-11-19 13:00:00.000000',0.21,0,'cocorahs','demo:WI-FD-7:2026-11-19',NULL,NULL,'2026-12-02 22:38:41.098281');
INSERT INTO "rainreading" VALUES(30,1,'2026-11-19 13:00:00.000000','2026-11-20 13:00:00.000000',0.49,0,'cocorahs','demo:WI-FD-7:2026-11-20',NULL,NULL,'2026-12-02 22:38:41.099306');
INSERT INTO "rainreading" VALUES(31,1,'2026-11-20 13:00:00.000000','2026-11-21 13:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-11-21',NULL,NULL,'2026-12-02 22:38:41.112977');
INSERT INTO "rainreading" VALUES(32,1,'2026-11-21 13:00:00.000000','2026-11-22 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-22',NULL,NULL,'2026-12-02 22:38:41.113870');
INSERT INTO "rainreading" VALUES(33,1,'2026-11-22 13:00:00.000000','2026-11-23 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-23',NULL,NULL,'2026-12-02 22:38:41.114544');
INSERT INTO "rainreading" VALUES(34,1,'2026-11-23 13:00:00.000000','2026-11-24 13:00:00.000000',0.0,1,'cocorahs','demo:WI-FD-7:2026-11-24',NULL,NULL,'2026-12-02 22:38:41.115192');
INSERT INTO "rainreading" VALUES(35,1,'2026-11-24 13:00:00.000000','2026-11-25 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-25',NULL,NULL,'2026-12-02 22:38:41.121791');
INSERT INTO "rainreading" VALUES(36,1,'2026-11-25 13:00:00.000000','2026-11-26 13:00:00.000000',0.0,0,'cocorahs','demo:WI-FD-7:2026-11-26',NULL,NULL,'2026-12-02 22:38:41.122751');
INSERT INTO "rainreading" VALUES(37,1,'2026-11-26 13:00:00.000000','2026-11-27 13:00:00.000000',0.08,0,'cocorahs','demo:WI-FD-7:2026-11-27',NULL,NULL,'2026-12-02 22:38:41.123448');
INSERT INTO "rainreading" VALUES(38,1,'2026-11-27 13:00:00.000000','2026-11-28 13:00:00.000000',0.08,0,'cocorahs','demo:WI-FD-7:2026-11-28',NULL,NULL,'2026-12-02 22:38:41.133104');
INSERT INTO "rainreading" VALUES(39,1,'2026-11-28 13:00:00.000000','2026-11-29 13:00:00.000000',0.21,0,'cocorahs','demo:WI-FD-7:2026-11-29',NULL,NULL,'2026-12-02 22:38:41.133984');
INSERT INTO "rainreading" VALUES(40,1,'2026-11-29 13:00:00.000000','2026-11-30 13:00:00.000000',0.8,0,'cocorahs','demo:WI-FD-7:2026-11-30',NULL,NULL,'2026-12-02 22:38:41.134676');
INSERT INTO "rainreading" VALUES(41,1,'2026-11-30 13:00:00.000000','2026-12-01 13:00:00.000000',0.0,1,'cocorahs','demo:WI-FD-7:2026-12-01',NULL,NULL,'2026-12-02 22:38:41.135390');
INSERT INTO "rainreading" VALUES(42,1,'2026-12-01 13:00:00.000000','2026-12-02 13:00:00.000000',0.04,0,'cocorahs','demo:WI-FD-7:2026-12-02',NULL,NULL,'2026-12-02 22:38:41.145319');
INSERT INTO "rainreading" VALUES(43,2,'2026-11-18 13:00:00.000000','2026-11-19 13:00:00.000000',0.08,0,'onsite','demo:onsite-badger-1:2026-11-19',NULL,NULL,'2026-12-02 22:38:41.147063');
INSERT INTO "rainreading" VALUES(44,2,'2026-11-19 13:00:00.000000','2026-11-20 13:00:00.000000',0.49,0,'onsite','demo:onsite-badger-1:2026-11-20',NULL,NULL,'2026-12-02 22:38:41.155860');
INSERT INTO "rainreading" VALUES(45,2,'2026-11-20 13:00:00.000000','2026-11-21 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-21',NULL,NULL,'2026-12-02 22:38:41.157624');
INSERT INTO "rainreading" VALUES(46,2,'2026-11-21 13:00:00.000000','2026-11-22 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-22',NULL,NULL,'2026-12-02 22:38:41.158561');
INSERT INTO "rainreading" VALUES(47,2,'2026-11-22 13:00:00.000000','2026-11-23 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-23',NULL,NULL,'2026-12-02 22:38:41.159303');
INSERT INTO "rainreading" VALUES(48,2,'2026-11-23 13:00:00.000000','2026-11-24 13:00:00.000000',0.0,1,'onsite','demo:onsite-badger-1:2026-11-24',NULL,NULL,'2026-12-02 22:38:41.172099');
INSERT INTO "rainreading" VALUES(49,2,'2026-11-24 13:00:00.000000','2026-11-25 13:00:00.000000',0.12,0,'onsite','demo:onsite-badger-1:2026-11-25',NULL,NULL,'2026-12-02 22:38:41.173158');
INSERT INTO "rainreading" VALUES(50,2,'2026-11-25 13:00:00.000000','2026-11-26 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-26',NULL,NULL,'2026-12-02 22:38:41.173938');
INSERT INTO "rainreading" VALUES(51,2,'2026-11-26 13:00:00.000000','2026-11-27 13:00:00.000000',0.08,0,'onsite','demo:onsite-badger-1:2026-11-27',NULL,NULL,'2026-12-02 22:38:41.174963');
INSERT INTO "rainreading" VALUES(52,2,'2026-11-27 13:00:00.000000','2026-11-28 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-28',NULL,NULL,'2026-12-02 22:38:41.192133');
INSERT INTO "rainreading" VALUES(53,2,'2026-11-28 13:00:00.000000','2026-11-29 13:00:00.000000',0.0,0,'onsite','demo:onsite-badger-1:2026-11-29',NULL,NULL,'2026-12-02 22:38:41.193810');
INSERT INTO "rainreading" VALUES(54,2,'2026-11-29 13:00:00.000000','2026-11-30 13:00:00.000000',0.83,0,'onsite','demo:onsite-badger-1:2026-11-30',NULL,NULL,'2026-12-02 22:38:41.194695');
INSERT INTO "rainreading" VALUES(55,2,'2026-11-30 13:00:00.000000','2026-12-01 13:00:00.000000',0.02,0,'onsite','demo:onsite-badger-1:2026-12-01',NULL,NULL,'2026-12-02 22:38:41.195470');
INSERT INTO "rainreading" VALUES(56,2,'2026-12-01 13:00:00.000000','2026-12-02 13:00:00.000000',0.04,0,'onsite','demo:onsite-badger-1:2026-12-02',NULL,NULL,'2026-12-02 22:38:41.205485');
CREATE TABLE site (
	name VARCHAR(200) NOT NULL, 
	address VARCHAR(300) NOT NULL, 
	legal_description VARCHAR(2000) NOT NULL, 
	latitude FLOAT, 
	longitude FLOAT, 
	project_kind VARCHAR(40) NOT NULL, 
	area_acres FLOAT, 
	length_ft FLOAT, 
	disturbed_acres FLOAT, 
	channel_originates BOOLEAN NOT NULL, 
	state_funded BOOLEAN NOT NULL, 
	extraterritorial BOOLEAN NOT NULL, 
	has_stockpiles BOOLEAN NOT NULL, 
	has_dewatering BOOLEAN NOT NULL, 
	id INTEGER NOT NULL, 
	version INTEGER NOT NULL, 
	created_at DATETIME NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "site" VALUES('Meadow Ridge Subdivision, Phase 2','N4120 County Road KW','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Meadow Ridge Subdivision, Phase 2)',43.8391,-88.8581,'subdivision_plat',38.0,NULL,12.5,1,0,0,1,1,1,1,'2026-12-02 22:38:39.887177','2026-12-02 22:38:39.887187');
INSERT INTO "site" VALUES('Fairwater Cooperative Grain Annex','210 Mill Street','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Fairwater Cooperative Grain Annex)',43.8352,-88.8667,'building_lot',7.2,NULL,6.0,0,0,0,1,0,2,1,'2026-12-02 22:38:40.446487','2026-12-02 22:38:40.446502');
INSERT INTO "site" VALUES('Main Street Water Main Replacement','Main Street, Oak to Pine','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Main Street Water Main Replacement)',43.8337,-88.864,'underground_pipe',NULL,1450.0,1.1,0,0,0,1,1,3,1,'2026-12-02 22:38:40.485461','2026-12-02 22:38:40.485483');
INSERT INTO "site" VALUES('Lake Avenue Reconstruction','Lake Avenue, 3rd to 7th','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Lake Avenue Reconstruction)',43.8318,-88.8702,'street_work',NULL,820.0,2.0,0,0,0,0,0,4,1,'2026-12-02 22:38:40.790265','2026-12-02 22:38:40.790284');
INSERT INTO "site" VALUES('Willow Creek Commercial Lot','W Highway 44','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Willow Creek Commercial Lot)',43.841,-88.8755,'building_lot',5.0,NULL,4.0,0,0,0,0,0,5,1,'2026-12-02 22:38:40.842242','2026-12-02 22:38:40.842267');
INSERT INTO "site" VALUES('Church Street Parking Lot','115 Church Street','Part of the SE 1/4 of Section 14, T15N, R13E, Village of Fairwater (Church Street Parking Lot)',43.836,-88.862,'land_disturbance',2.3,NULL,2.3,0,0,0,0,0,6,1,'2026-12-02 22:38:40.865504','2026-12-02 22:38:40.865540');
CREATE TABLE sitegauge (
	site_id INTEGER NOT NULL, 
	gauge_id INTEGER NOT NULL, 
	chosen_by INTEGER, 
	distance_mi FLOAT, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (site_id), 
	FOREIGN KEY(site_id) REFERENCES site (id), 
	FOREIGN KEY(gauge_id) REFERENCES raingauge (id), 
	FOREIGN KEY(chosen_by) REFERENCES user (id)
);
INSERT INTO "sitegauge" VALUES(1,1,NULL,0.15,'2026-12-02 22:38:41.218757');
INSERT INTO "sitegauge" VALUES(2,2,NULL,0.17,'2026-12-02 22:38:41.218913');
INSERT INTO "sitegauge" VALUES(3,2,NULL,0.01,'2026-12-02 22:38:41.218981');
INSERT INTO "sitegauge" VALUES(4,2,NULL,0.33,'2026-12-02 22:38:41.219035');
INSERT INTO "sitegauge" VALUES(5,1,NULL,0.73,'2026-12-02 22:38:41.219084');
INSERT INTO "sitegauge" VALUES(6,2,NULL,0.2,'2026-12-02 22:38:41.219131');
CREATE TABLE stopworkorder (
	id VARCHAR(36) NOT NULL, 
	site_id INTEGER NOT NULL, 
	permit_id INTEGER, 
	status VARCHAR(30) NOT NULL, 
	source VARCHAR(10) NOT NULL, 
	grounds JSON, 
	evidence JSON, 
	notes VARCHAR NOT NULL, 
	proposed_at DATETIME NOT NULL, 
	issued_at DATETIME, 
	issued_by INTEGER, 
	posted_at DATETIME, 
	posted_by INTEGER, 
	notice_photo_id VARCHAR(36), 
	compliance_due DATETIME, 
	permit_status_before VARCHAR(20), 
	dismissed_reason VARCHAR, 
	dismissed_by INTEGER, 
	dismissed_at DATETIME, 
	complied_at DATETIME, 
	complied_by INTEGER, 
	complied_note VARCHAR, 
	revoked_at DATETIME, 
	revoked_by INTEGER, 
	revocation_reason VARCHAR, 
	cease_desist_at DATETIME, 
	cease_desist_by INTEGER, 
	cease_desist_details VARCHAR, 
	retracted_at DATETIME, 
	retracted_by INTEGER, 
	retracted_by_body VARCHAR(20), 
	retracted_reason VARCHAR, 
	device_id VARCHAR(64), 
	sha256 VARCHAR(64), 
	version INTEGER NOT NULL, 
	updated_at DATETIME NOT NULL, 
	PRIMARY KEY (id), 
	FOREIGN KEY(site_id) REFERENCES site (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id), 
	FOREIGN KEY(issued_by) REFERENCES user (id), 
	FOREIGN KEY(posted_by) REFERENCES user (id), 
	FOREIGN KEY(dismissed_by) REFERENCES user (id), 
	FOREIGN KEY(complied_by) REFERENCES user (id), 
	FOREIGN KEY(revoked_by) REFERENCES user (id), 
	FOREIGN KEY(cease_desist_by) REFERENCES user (id), 
	FOREIGN KEY(retracted_by) REFERENCES user (id)
);
CREATE TABLE storedfile (
	id INTEGER NOT NULL, 
	data BLOB NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "storedfile" VALUES(1,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(2,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(3,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(4,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(5,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(6,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(7,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(8,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(9,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(10,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(11,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(12,X'255044462D312E340A312030206F626A3C3C3E3E656E646F626A0A747261696C65723C3C3E3E0A2525454F460A');
INSERT INTO "storedfile" VALUES(13,X'FFD8FFE000104A46494600010100000100010000FFDB00430006040506050406060506070706080A100A0A09090A140E0F0C1017141818171416161A1D251F1A1B231C1616202C20232627292A29191F2D302D283025282928FFDB0043010707070A080A130A0A13281A161A2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828FFC00011080048006003012200021101031101FFC4001F0000010501010101010100000000000000000102030405060708090A0BFFC400B5100002010303020403050504040000017D01020300041105122131410613516107227114328191A1082342B1C11552D1F02433627282090A161718191A25262728292A3435363738393A434445464748494A535455565758595A636465666768696A737475767778797A838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE1E2E3E4E5E6E7E8E9EAF1F2F3F4F5F6F7F8F9FAFFC4001F0100030101010101010101010000000000000102030405060708090A0BFFC400B51100020102040403040705040400010277000102031104052131061241510761711322328108144291A1B1C109233352F0156272D10A162434E125F11718191A262728292A35363738393A434445464748494A535455565758595A636465666768696A737475767778797A82838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE2E3E4E5E6E7E8E9EAF2F3F4F5F6F7F8F9FAFFDA000C03010002110311003F0083C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3AF90C37F0D1DF90FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A30DFC34190FFB853F9FFE94CDCF137FCBB7FC0BFA561D6E789BFE5DBFE05FD2B0E8C37F0D0643FEE14FE7FF00A53373C4DFF2EDFF0002FE9587451461BF868321FF0070A7F3FF00D299B9E26FF976FF00817F4AC3A28A30DFC34190FF00B853F9FF00E94CDCF137FCBB7FC0BFA561D145186FE1A0C87FDC29FCFF00F4A66E789BFE5DBFE05FD2B0E8A28C37F0D0643FEE14FE7FFA53373C4DFF002EDFF02FE9587451461BF868321FF70A7F3FFD299B9E26FF00976FF817F4AC3A28A30DFC34190FFB853F9FFE94CFFFD9');
INSERT INTO "storedfile" VALUES(14,X'FFD8FFE000104A46494600010100000100010000FFDB00430006040506050406060506070706080A100A0A09090A140E0F0C1017141818171416161A1D251F1A1B231C1616202C20232627292A29191F2D302D283025282928FFDB0043010707070A080A130A0A13281A161A2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828FFC00011080048006003012200021101031101FFC4001F0000010501010101010100000000000000000102030405060708090A0BFFC400B5100002010303020403050504040000017D01020300041105122131410613516107227114328191A1082342B1C11552D1F02433627282090A161718191A25262728292A3435363738393A434445464748494A535455565758595A636465666768696A737475767778797A838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE1E2E3E4E5E6E7E8E9EAF1F2F3F4F5F6F7F8F9FAFFC4001F0100030101010101010101010000000000000102030405060708090A0BFFC400B51100020102040403040705040400010277000102031104052131061241510761711322328108144291A1B1C109233352F0156272D10A162434E125F11718191A262728292A35363738393A434445464748494A535455565758595A636465666768696A737475767778797A82838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE2E3E4E5E6E7E8E9EAF2F3F4F5F6F7F8F9FAFFDA000C03010002110311003F0083C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3AF90C3FF0D1DD927FB843E7F9B373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A287F0D0F26FF00718FCFF366E789BFE5DBFE05FD2B0EB73C4DFF002EDFF02FE9587450FE1A0C9BFDC63F3FCD9B9E26FF00976FF817F4AC3ADCF137FCBB7FC0BFA561D143F868326FF718FCFF00366E789BFE5DBFE05FD2B0EB73C4DFF2EDFF0002FE9587450FE1A0C9BFDC63F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D3C3FC08AC93FDCA1F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D2C3FF0D11927FB843E7F9B373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A287F0D0F26FF718FCFF00366E789BFE5DBFE05FD2B0EB73C4DFF2EDFF0002FE9587450FE1A0C9BFDC63F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D143F868326FF00718FCFF366E789BFE5DBFE05FD2B0EB73C4DFF002EDFF02FE9587450FE1A0C9BFDC63F3FCD9B9E26FF00976FF817F4AC3ADCF137FCBB7FC0BFA561D3C3FC08AC93FDCA1F3FCD9B9E26FF00976FF817F4AC3ADCF137FCBB7FC0BFA561D2C3FF000D11927FB843E7F9B373C4DFF2EDFF0002FE95875B9E26FF00976FF817F4AC3A287F0D0F26FF00718FCFF366E789BFE5DBFE05FD2B0EB73C4DFF002EDFF02FE9587450FE1A0C9BFDC63F3FCD9B9E26FF00976FF817F4AC3ADCF137FCBB7FC0BFA561D143F868326FF718FCFF00366E789BFE5DBFE05FD2B0EB73C4DFF2EDFF0002FE9587450FE1A0C9BFDC63F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D3C3FC08AC93FDCA1F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D2C3FF0D11927FB843E7F9B373C4DFF002EDFF02FE95875B9E26FF976FF00817F4AC3A287F0D0F26FF718FCFF00366E789BFE5DBFE05FD2B0EB73C4DFF2EDFF0002FE9587450FE1A0C9BFDC63F3FCD9B9E26FF976FF00817F4AC3ADCF137FCBB7FC0BFA561D143F868326FF00718FCFF366E789BFE5DBFE05FD2B0EB73C4DFF002EDFF02FE9587450FE1A0C9BFDC63F3FCD9B9E26FF00976FF817F4AC3ADCF137FCBB7FC0BFA561D3C3FC08AC93FDCA1F3FCD9B9E26FF00976FF817F4AC3A28A587FE1A2324FF007087CFF366E789BFE5DBFE05FD2B0E8A28A1FC343C9BFDC63F3FCD9B9E26FF00976FF817F4AC3A28A287F0D064DFEE31F9FE6CDCF137FCBB7FC0BFA561D145143F868326FF00718FCFF366E789BFE5DBFE05FD2B0E8A28A1FC341937FB8C7E7F9B373C4DFF002EDFF02FE95874514F0FF022B24FF7287CFF00367FFFD9');
INSERT INTO "storedfile" VALUES(15,X'FFD8FFE000104A46494600010100000100010000FFDB00430006040506050406060506070706080A100A0A09090A140E0F0C1017141818171416161A1D251F1A1B231C1616202C20232627292A29191F2D302D283025282928FFDB0043010707070A080A130A0A13281A161A2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828FFC00011080048006003012200021101031101FFC4001F0000010501010101010100000000000000000102030405060708090A0BFFC400B5100002010303020403050504040000017D01020300041105122131410613516107227114328191A1082342B1C11552D1F02433627282090A161718191A25262728292A3435363738393A434445464748494A535455565758595A636465666768696A737475767778797A838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE1E2E3E4E5E6E7E8E9EAF1F2F3F4F5F6F7F8F9FAFFC4001F0100030101010101010101010000000000000102030405060708090A0BFFC400B51100020102040403040705040400010277000102031104052131061241510761711322328108144291A1B1C109233352F0156272D10A162434E125F11718191A262728292A35363738393A434445464748494A535455565758595A636465666768696A737475767778797A82838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE2E3E4E5E6E7E8E9EAF2F3F4F5F6F7F8F9FAFFDA000C03010002110311003F004BEFE0FC6AAD5ABEFE0FC6AAD7C4C3E13E6F2FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FFF00778FCFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F8432FF00F778FCFF00365ABEFE0FC6AAD14510F8432FFF00778FCFF365ABEFE0FC6AAD14510F8432FF00F778FCFF00365ABEFE0FC6AAD14510F8432FFF00778FCFF365ABEFE0FC6AAD14510F8432FF00F778FCFF00365ABEFE0FC6AAD14510F8432FFF00778FCFF365ABEFE0FC6AAD14510F8432FF00F778FCFF00367FFFD9');
INSERT INTO "storedfile" VALUES(16,X'FFD8FFE000104A46494600010100000100010000FFDB00430006040506050406060506070706080A100A0A09090A140E0F0C1017141818171416161A1D251F1A1B231C1616202C20232627292A29191F2D302D283025282928FFDB0043010707070A080A130A0A13281A161A2828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828282828FFC00011080048006003012200021101031101FFC4001F0000010501010101010100000000000000000102030405060708090A0BFFC400B5100002010303020403050504040000017D01020300041105122131410613516107227114328191A1082342B1C11552D1F02433627282090A161718191A25262728292A3435363738393A434445464748494A535455565758595A636465666768696A737475767778797A838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE1E2E3E4E5E6E7E8E9EAF1F2F3F4F5F6F7F8F9FAFFC4001F0100030101010101010101010000000000000102030405060708090A0BFFC400B51100020102040403040705040400010277000102031104052131061241510761711322328108144291A1B1C109233352F0156272D10A162434E125F11718191A262728292A35363738393A434445464748494A535455565758595A636465666768696A737475767778797A82838485868788898A92939495969798999AA2A3A4A5A6A7A8A9AAB2B3B4B5B6B7B8B9BAC2C3C4C5C6C7C8C9CAD2D3D4D5D6D7D8D9DAE2E3E4E5E6E7E8E9EAF2F3F4F5F6F7F8F9FAFFDA000C03010002110311003F004BEFE0FC6AAD5ABEFE0FC6AAD7C4C3E13E6F01FEEEBE7FA96AFBF83F1AAB56AFBF83F1AAB447E10C0FF017CFF365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF00017CFF00365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB443E11E03F80BE7F9B2D5F7F07E3556AD5F7F07E3556887C22C07FBBAF9FEA5ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF00017CFF00365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF017CFF365ABEFE0FC6AAD5ABEFE0FC6AAD10F84780FE02F9FE6CB57DFC1F8D55AB57DFC1F8D55A21F08B01FEEEBE7FA96AFBF83F1AAB56AFBF83F1AAB447E10C0FF00017CFF00365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF017CFF365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB443E11E03F80BE7F9B2D5F7F07E3556AD5F7F07E3556887C22C07FBBAF9FEA5ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF017CFF365ABEFE0FC6AAD5ABEFE0FC6AAD11F84303FC05F3FCD96AFBF83F1AAB56AFBF83F1AAB447E10C0FF00017CFF00365ABEFE0FC6AAD5ABEFE0FC6AAD10F84780FE02F9FE6CB57DFC1F8D55A28A21F08B01FEEEBE7FA96AFBF83F1AAB451447E10C0FF017CFF365ABEFE0FC6AAD14511F84303FC05F3FCD96AFBF83F1AAB451447E10C0FF00017CFF00365ABEFE0FC6AAD14511F84303FC05F3FCD96AFBF83F1AAB451443E11E03F80BE7F9B3FFD9');
CREATE TABLE suretybond (
	id INTEGER NOT NULL, 
	permit_id INTEGER NOT NULL, 
	kind VARCHAR(30) NOT NULL, 
	amount FLOAT NOT NULL, 
	issuer VARCHAR(200) NOT NULL, 
	effective_on DATE NOT NULL, 
	expires_on DATE, 
	PRIMARY KEY (id), 
	FOREIGN KEY(permit_id) REFERENCES permit (id)
);
CREATE TABLE syncconflict (
	id INTEGER NOT NULL, 
	mutation_id VARCHAR(64) NOT NULL, 
	entity VARCHAR(40) NOT NULL, 
	entity_id VARCHAR(64) NOT NULL, 
	site_id INTEGER, 
	user_id INTEGER NOT NULL, 
	device_id VARCHAR(64), 
	base_version INTEGER, 
	server_version INTEGER, 
	theirs JSON NOT NULL, 
	server_copy JSON NOT NULL, 
	fields JSON, 
	created_at DATETIME NOT NULL, 
	resolved_at DATETIME, 
	resolved_by INTEGER, 
	resolution VARCHAR(20), 
	PRIMARY KEY (id), 
	FOREIGN KEY(user_id) REFERENCES user (id), 
	FOREIGN KEY(resolved_by) REFERENCES user (id)
);
CREATE TABLE syncmutation (
	mutation_id VARCHAR(64) NOT NULL, 
	device_id VARCHAR(64), 
	user_id INTEGER NOT NULL, 
	entity VARCHAR(40) NOT NULL, 
	entity_id VARCHAR(64) NOT NULL, 
	result JSON NOT NULL, 
	received_at DATETIME NOT NULL, 
	PRIMARY KEY (mutation_id), 
	FOREIGN KEY(user_id) REFERENCES user (id)
);
INSERT INTO "syncmutation" VALUES('5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e05','00008c82-ce3c-4ca4-a0bd-fea371c64303',2,'inspection','5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01','{"mutation_id": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e05", "status": "applied", "version": 1, "data": {"id": "5f1c2a9e-0d7b-4a51-9a3e-6b2f8c1d0e01", "site_id": 1, "kind": "weekly", "inspected_on": "2026-11-30", "sha256": "ddde85838d897daada2998e68186f3c068a41f614d05eddeb365d0f4dd78b2b8", "replaces_id": null, "photos_expected": 2, "photos_received": 0}, "photos_expected": 2, "photos_received": 0}','2026-12-02 22:38:41.343017');
CREATE TABLE user (
	email VARCHAR(254) NOT NULL, 
	name VARCHAR(200) NOT NULL, 
	role VARCHAR(20) NOT NULL, 
	company_id INTEGER, 
	id INTEGER NOT NULL, 
	password_hash VARCHAR NOT NULL, 
	active BOOLEAN NOT NULL, 
	created_at DATETIME NOT NULL, 
	failed_logins INTEGER NOT NULL, 
	locked_until DATETIME, 
	PRIMARY KEY (id), 
	FOREIGN KEY(company_id) REFERENCES company (id)
);
INSERT INTO "user" VALUES('supervisor@fairwater.example','Dana Kowalski','supervisor',NULL,1,'scrypt:32768:8:1$Gh9XcjaqCql9nAeG$9f693c18405bf74b991d963d7112ddc349cf2be0823c9e4a6e07448292b7fafb5515c3324e6fd48d3e8a0d879f97afbb7c11e700366613d1692c14eea122ca03',1,'2026-12-02 22:38:38.638280',0,NULL);
INSERT INTO "user" VALUES('inspector@fairwater.example','Luis Ortega','inspector',NULL,2,'scrypt:32768:8:1$0841cS2Qam4YCB9S$649dd67678dc3f5cbb63e5f55832021320c947e61dac10e1415b8968d7014acf27ea6edf544513b1aaab50b74d9bf03b23bdaeb0f6a3bfdbd7eb5c574d6ba84e',1,'2026-12-02 22:38:39.076819',0,NULL);
INSERT INTO "user" VALUES('permittee@prairie-builders.example','Sam Lindqvist','permittee',1,3,'scrypt:32768:8:1$iZylEi3MtpHu2P11$9f516dea5ff6cb747fa0cbf8ce4ba0b7089bc9c00b04688818bd05955c859f1b2e48479f56e545e41f358ce5889945cdf54884127af080a2d28374fc55f51bc4',1,'2026-12-02 22:38:39.504049',0,NULL);
INSERT INTO "user" VALUES('permittee@badger-utility.example','Jo Nakamura','permittee',2,4,'scrypt:32768:8:1$mXUKndkL0syZCbjM$68b81e082dac4a60176887cf7d20a2f7fb85f9a4acfac5125e41b23d49c302b4648c7c092e9e60f2bed5035b6327c5b1c1c7d930ebeb9e7e217ff77c7eb26062',1,'2026-12-02 22:38:39.884830',0,NULL);
CREATE UNIQUE INDEX ix_company_name ON company (name);
CREATE INDEX ix_site_updated_at ON site (updated_at);
CREATE INDEX ix_user_company_id ON user (company_id);
CREATE UNIQUE INDEX ix_user_email ON user (email);
CREATE INDEX ix_rainevent_gauge_id ON rainevent (gauge_id);
CREATE INDEX ix_rainevent_end ON rainevent ("end");
CREATE INDEX ix_auditevent_entity_record ON auditevent (entity, entity_id);
CREATE INDEX ix_auditevent_site_id ON auditevent (site_id);
CREATE INDEX ix_auditevent_at ON auditevent (at);
CREATE INDEX ix_photo_finding_id ON photo (finding_id);
CREATE INDEX ix_photo_inspection_id ON photo (inspection_id);
CREATE INDEX ix_permit_status ON permit (status);
CREATE INDEX ix_permit_company_id ON permit (company_id);
CREATE INDEX ix_permit_number ON permit (number);
CREATE INDEX ix_permit_site_id ON permit (site_id);
CREATE INDEX ix_permit_updated_at ON permit (updated_at);
CREATE INDEX ix_rainreading_gauge_id ON rainreading (gauge_id);
CREATE INDEX ix_rainreading_period_end ON rainreading (period_end);
CREATE INDEX ix_rainreading_device_uuid ON rainreading (device_uuid);
CREATE INDEX ix_sitegauge_gauge_id ON sitegauge (gauge_id);
CREATE INDEX ix_notificationlog_user_id ON notificationlog (user_id);
CREATE UNIQUE INDEX ix_device_token_hash ON device (token_hash);
CREATE INDEX ix_device_user_id ON device (user_id);
CREATE INDEX ix_syncmutation_user_id ON syncmutation (user_id);
CREATE INDEX ix_syncmutation_device_id ON syncmutation (device_id);
CREATE INDEX ix_syncconflict_mutation_id ON syncconflict (mutation_id);
CREATE INDEX ix_syncconflict_resolved_at ON syncconflict (resolved_at);
CREATE INDEX ix_syncconflict_site_id ON syncconflict (site_id);
CREATE INDEX ix_photoclaim_inspection_id ON photoclaim (inspection_id);
CREATE INDEX ix_photoclaim_finding_id ON photoclaim (finding_id);
CREATE INDEX ix_inspection_site_id ON inspection (site_id);
CREATE INDEX ix_inspection_received_at ON inspection (received_at);
CREATE INDEX ix_inspection_site_day ON inspection (site_id, inspected_on, kind);
CREATE INDEX ix_inspection_inspected_on ON inspection (inspected_on);
CREATE INDEX ix_inspection_replaces_id ON inspection (replaces_id);
CREATE INDEX ix_permitevent_permit_id ON permitevent (permit_id);
CREATE INDEX ix_controlplandocument_permit_id ON controlplandocument (permit_id);
CREATE INDEX ix_permitextension_permit_id ON permitextension (permit_id);
CREATE INDEX ix_suretybond_permit_id ON suretybond (permit_id);
CREATE INDEX ix_controlmeasurenotice_permit_id ON controlmeasurenotice (permit_id);
CREATE INDEX ix_planmodificationrequest_permit_id ON planmodificationrequest (permit_id);
CREATE INDEX ix_stopworkorder_status ON stopworkorder (status);
CREATE INDEX ix_stopworkorder_site_status ON stopworkorder (site_id, status);
CREATE INDEX ix_stopworkorder_site_id ON stopworkorder (site_id);
CREATE INDEX ix_stopworkorder_updated_at ON stopworkorder (updated_at);
CREATE INDEX ix_finding_due_at ON finding (due_at);
CREATE INDEX ix_finding_status ON finding (status);
CREATE INDEX ix_finding_updated_at ON finding (updated_at);
CREATE INDEX ix_finding_site_id ON finding (site_id);
CREATE INDEX ix_finding_site_status_due ON finding (site_id, status, due_at);
CREATE INDEX ix_finding_inspection_id ON finding (inspection_id);
CREATE INDEX ix_answer_inspection_id ON answer (inspection_id);
CREATE INDEX ix_orderevent_order_id ON orderevent (order_id);
COMMIT;
